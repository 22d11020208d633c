import { iotDeviceReportSchema, isIPv4, normaliseMac, PORTS_MAX, type FlowRecord, type IotDeviceReport, type ServicePort } from '@netloom/domain';
import type { DhcpClient } from './dnsmasq-log';
import type { Lease } from './dnsmasq';
import type { KernelNeighbour } from './sampler';

/** A device not seen for this long is no longer reported (it left; the server keeps what it knew). */
const LAN_DEVICE_FORGET_MS = 24 * 3600_000;
/** Devices kept at most: a LAN with more is a flood of made-up MACs, not a LAN. */
const DEVICES_MAX = 4096;
/** Neighbour states that say nothing of the device being there. */
const GONE_STATES = new Set(['FAILED', 'INCOMPLETE', 'NOARP']);

interface Known {
  mac: string;
  ip: string | null;
  ifname: string | null;
  hostname: string | null;
  dhcp: DhcpClient | null;
  server: ServicePort[];
  client: ServicePort[];
  firstSeen: number;
  lastSeen: number;
}

const portKey = (p: ServicePort) => `${p.protocol}/${p.port}`;

/** The port put first (newest first), the list kept to PORTS_MAX. */
function addPort(list: ServicePort[], port: ServicePort): ServicePort[] {
  return [port, ...list.filter((p) => portKey(p) !== portKey(port))].slice(0, PORTS_MAX);
}

/**
 * What the gateway knows of the devices on its LANs, from what it already has: dnsmasq's leases
 * and each client's DHCP fingerprint (its log), the kernel's neighbour table (MACs and addresses
 * of every host that talked to it, with or without DHCP), and its own flow records (the ports a
 * host answered on, and those it connected to). Reported whole every interval.
 */
export class LanInventory {
  private readonly devices = new Map<string, Known>();

  private touch(mac: string, at: number): Known {
    let known = this.devices.get(mac);
    if (!known) {
      if (this.devices.size >= DEVICES_MAX) this.forgetOldest();
      known = { mac, ip: null, ifname: null, hostname: null, dhcp: null, server: [], client: [], firstSeen: at, lastSeen: at };
      this.devices.set(mac, known);
    }
    known.firstSeen = Math.min(known.firstSeen, at);
    known.lastSeen = Math.max(known.lastSeen, at);
    return known;
  }

  private forgetOldest(): void {
    let oldest: Known | null = null;
    for (const d of this.devices.values()) if (!oldest || d.lastSeen < oldest.lastSeen) oldest = d;
    if (oldest) this.devices.delete(oldest.mac);
  }

  /**
   * The kernel's neighbours on the LAN interfaces (`lanIfnames`) and dnsmasq's leases, read at
   * `now`. A lease alone does not say the device is there now; a neighbour entry does.
   */
  observeHost(neighbours: readonly KernelNeighbour[], leases: readonly Lease[], lanIfnames: ReadonlySet<string>, now: number): void {
    for (const n of neighbours) {
      const mac = n.lladdr ? normaliseMac(n.lladdr) : null;
      if (!mac || !isIPv4(n.dst) || !lanIfnames.has(n.dev) || (n.state ?? []).some((s) => GONE_STATES.has(s))) continue;
      const known = this.touch(mac, now);
      known.ip = n.dst;
      known.ifname = n.dev;
    }
    for (const lease of leases) {
      const mac = normaliseMac(lease.mac);
      if (!mac || lease.expiresAt < now) continue;
      const known = this.devices.get(mac) ?? this.touch(mac, now);
      known.ip ??= lease.ip;
      if (lease.hostname) known.hostname = lease.hostname;
    }
  }

  /** What the DHCP clients said of themselves (dnsmasq's log). */
  observeDhcp(clients: Iterable<DhcpClient>): void {
    for (const c of clients) {
      const known = this.touch(c.mac, c.seenAt);
      known.dhcp = c;
      if (c.hostname) known.hostname = c.hostname;
      if (c.ifname) known.ifname = c.ifname;
      if (c.ip) known.ip = c.ip;
    }
  }

  /** The box's flow records: a LAN host that was a flow's server answered on its port; as the client, it connected to one. */
  observeFlows(records: readonly FlowRecord[]): void {
    const byIp = new Map<string, Known>();
    for (const d of this.devices.values()) if (d.ip) byIp.set(d.ip, d);
    for (const r of records) {
      if (r.protocol !== 6 && r.protocol !== 17) continue;
      const protocol = r.protocol;
      const at = Date.parse(r.end);
      const server = byIp.get(r.dst_ip);
      if (server && r.dst_port > 0) {
        server.server = addPort(server.server, { protocol, port: r.dst_port });
        server.lastSeen = Math.max(server.lastSeen, at);
      }
      const client = byIp.get(r.src_ip);
      if (client && r.dst_port > 0) {
        client.client = addPort(client.client, { protocol, port: r.dst_port });
        client.lastSeen = Math.max(client.lastSeen, at);
      }
    }
  }

  /** Every device seen in the last LAN_DEVICE_FORGET_MS, as the iot_devices message says it; the others are forgotten. */
  report(now: number): IotDeviceReport[] {
    const out: IotDeviceReport[] = [];
    for (const d of this.devices.values()) {
      if (now - d.lastSeen > LAN_DEVICE_FORGET_MS) {
        this.devices.delete(d.mac);
        continue;
      }
      const dhcp = d.dhcp && (d.dhcp.parameterList || d.dhcp.vendorClass) ? d.dhcp : null;
      const report = iotDeviceReportSchema.safeParse({
        mac: d.mac,
        ip: d.ip,
        ...(d.ifname ? { ifname: d.ifname } : {}),
        ...(d.hostname ? { hostname: d.hostname } : {}),
        ...(dhcp
          ? {
              dhcp: {
                ...(dhcp.parameterList ? { parameter_list: dhcp.parameterList } : {}),
                ...(dhcp.vendorClass ? { vendor_class: dhcp.vendorClass } : {}),
              },
            }
          : {}),
        server_ports: d.server,
        client_ports: d.client,
        first_seen: new Date(d.firstSeen).toISOString(),
        last_seen: new Date(d.lastSeen).toISOString(),
      });
      // A host name or vendor class a device made up that the schema refuses does not cost the others their report.
      if (report.success) out.push(report.data);
    }
    return out;
  }
}
