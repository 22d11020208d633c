import type { ConfigDocument } from '@netloom/domain';
import type { PickWan } from './flows';
import type { LanHost } from './nac-hosts';
import { fixedShare } from './prng';
import { cidrContains, dhcpLeases, ipToNumber, numberToIp } from './router-model';
import { sdwanSnapshot, type WanView } from './status-model-wan';

/** Hosts behind a branch gateway: a small office, the same size on every run. */
const OFFICE_HOSTS: [number, number] = [6, 24];
/** Hosts are numbered from here in a /24 or bigger, as DHCP pools usually start. */
const FIRST_HOST = 100;

/**
 * The hosts on a gateway's LAN that its flow cache sees: the leases of its DHCP pools (the status
 * pages list the first few of each; the office has more), else hosts on its first LAN's subnet
 * (addresses set by hand), else on the LAN the box ships with, a /24 that differs per site.
 */
export function lanHosts(doc: ConfigDocument | null, serial: string, macOf: (n: number) => string): LanHost[] {
  const [min, max] = OFFICE_HOSTS;
  const count = min + Math.floor(fixedShare(serial, 'office hosts') * (max - min + 1));
  const pools = doc?.services?.dhcp.length ?? 0;
  if (doc && pools > 0) return dhcpLeases(doc, Math.ceil(count / pools), macOf);
  const lan = doc?.interfaces?.lan[0] ?? { name: 'lan1', ip: `192.168.${10 + Math.floor(fixedShare(serial, 'lan') * 240)}.1`, prefix: 24 };
  const size = 2 ** (32 - lan.prefix);
  const network = Math.floor(ipToNumber(lan.ip) / size) * size;
  const hosts: LanHost[] = [];
  for (let n = network + (size >= 256 ? FIRST_HOST : 1); n < network + size - 1 && hosts.length < count; n++) {
    const ip = numberToIp(n);
    if (ip !== lan.ip) hosts.push({ ip, hostname: `client-${hosts.length + 1}`, interface: lan.name, mac: macOf(hosts.length) });
  }
  return hosts;
}

/**
 * The WAN link a gateway's SD-WAN rules give a conversation: the first enabled rule that matches
 * (application by its classification name, any case; destination subnet; DSCP) sends it where the
 * SD-WAN status says that rule's traffic goes now, so a rule's failover shows in the flows too.
 * Undefined without rules: the load balancing decides.
 */
export function sdwanPicker(doc: ConfigDocument | null, wans: readonly WanView[]): PickWan | undefined {
  const rules = (doc?.sdwan?.rules ?? []).filter((r) => r.enabled);
  if (!doc || rules.length === 0) return undefined;
  // The snapshot has one entry per enabled rule, in the same order.
  const paths = sdwanSnapshot(doc, wans).entries;
  return (application, dst, dscp) => {
    const i = rules.findIndex(
      (r) =>
        (r.application === undefined || r.application.toLowerCase() === application.toLowerCase()) &&
        (r.destination === undefined || cidrContains(r.destination, dst)) &&
        (r.dscp === undefined || r.dscp === dscp),
    );
    return i < 0 ? undefined : paths[i]!.active_wan;
  };
}
