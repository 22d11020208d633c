import type { DnsQueryRecord, FlowRecord, IotDeviceReport } from '@netloom/domain';
import { DnsmasqLog } from './dnsmasq-log';
import type { Lease } from './dnsmasq';
import { LanInventory } from './lan-inventory';
import { LogTail } from './log-tail';
import type { KernelNeighbour } from './sampler';

/** dnsmasq's log is read this often: a query's answer lines are in by the next read. */
const READ_EVERY_MS = 1000;
/** The log is emptied past this size, once read. */
const LOG_EMPTY_AT = 8 * 1024 * 1024;
/** Queries kept while the server does not take them (its outbox holds the rest): a flood must not exhaust the box. */
const QUERIES_MAX = 100_000;

/**
 * What the gateway learns from its LAN services for NDR and the IoT Gateway: the DNS queries its
 * dnsmasq answered and the devices on its LANs (DHCP fingerprints from the same log, the kernel's
 * neighbours and leases, the ports in its flows). Read from dnsmasq's log every second, handed
 * out at each export.
 */
export class LanEvidence {
  private readonly tail: LogTail;
  private readonly log = new DnsmasqLog();
  private readonly inventory = new LanInventory();
  private queries: DnsQueryRecord[] = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | null = null;
  private reading = false;

  constructor(
    logFile: string,
    private readonly warn: (line: string) => void,
  ) {
    this.tail = new LogTail(logFile, LOG_EMPTY_AT);
  }

  async start(): Promise<void> {
    if (this.timer) return;
    await this.tail.skipToEnd();
    this.timer = setInterval(() => void this.read(), READ_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads what dnsmasq logged since the last read (also by a test, to see it at once). */
  async read(now = Date.now()): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      this.log.feed(await this.tail.read(), now);
      this.queries.push(...this.log.take(now));
      if (this.queries.length > QUERIES_MAX) {
        this.dropped += this.queries.length - QUERIES_MAX;
        this.queries = this.queries.slice(-QUERIES_MAX);
      }
      this.inventory.observeDhcp(this.log.takeClients());
    } catch (err) {
      this.warn(`reading dnsmasq's log failed: ${(err as Error).message}`);
    } finally {
      this.reading = false;
    }
  }

  /** The kernel's neighbours and dnsmasq's leases, as the box was read last. */
  observeHost(neighbours: readonly KernelNeighbour[], leases: readonly Lease[], lanIfnames: ReadonlySet<string>, now = Date.now()): void {
    this.inventory.observeHost(neighbours, leases, lanIfnames, now);
  }

  observeFlows(records: readonly FlowRecord[]): void {
    this.inventory.observeFlows(records);
  }

  /** The queries answered since the last call. */
  dnsQueries(): DnsQueryRecord[] {
    if (this.dropped) {
      this.warn(`${this.dropped} DNS queries were not reported: more came than the server took`);
      this.dropped = 0;
    }
    const out = this.queries;
    this.queries = [];
    return out;
  }

  /** Every device seen on the LANs lately, as the iot_devices message says it. */
  devices(now: number): IotDeviceReport[] {
    return this.inventory.report(now);
  }
}
