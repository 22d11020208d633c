import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_LOG_RETENTION_DAYS,
  type AnalyticsRetention,
  type FlowRecord,
  type DemResultsMessage,
  type DnsQueriesMessage,
  type IdsAlertsMessage,
  type FlowsMessage,
  type UrlEventsMessage,
  type WafEventsMessage,
  type ZtnaSessionsMessage,
} from '@netloom/domain';
import { urlEventToStore } from './url-events';
import { ztnaSessionToStore } from './ztna-sessions';
import { wafAttackToStore, wafRequestToStore } from './waf-events';
import { demResultToStore } from './dem-results';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { enrich, type FlowSource } from './enrich';
import type { CountryLookup } from './geoip';
import { batchKey, type AnalyticsStore, type FlowBatchToStore } from './store';
import { EvidenceTap, type EvidenceListener } from './evidence-tap';

/** What a device sends the analytics store: one queue, one write, one answer (ack or busy) for all of them. */
export type IngestMessage = FlowsMessage | UrlEventsMessage | ZtnaSessionsMessage | WafEventsMessage | DemResultsMessage | DnsQueriesMessage | IdsAlertsMessage;

export type IngestOutcome = { stored: true; duplicate: boolean } | { stored: false; retryAfterMs: number };

export interface IngestOptions {
  /** How long batches gather before one write carries them all. */
  flushMs: number;
  /** Records waiting for a write beyond which new batches are refused with 'busy' (back-pressure). */
  maxQueuedRecords: number;
  /** What a refused device is told to wait. */
  busyRetryMs: number;
  retention: () => AnalyticsRetention;
}

export const DEFAULT_INGEST: Omit<IngestOptions, 'retention'> = { flushMs: 250, maxQueuedRecords: 200_000, busyRetryMs: 2_000 };

/** A device's clock may run ahead a little; a record from further ahead is refused, not stored in the future. */
const MAX_AHEAD_MS = 10 * 60_000;

/** What ingest has done since start, for the server's metrics. */
export interface IngestStats {
  batchesStored: number;
  recordsStored: number;
  batchesDuplicate: number;
  /** Refused with 'busy' (the devices keep and resend them): shed, not lost. */
  batchesShed: number;
  recordsShed: number;
  /** Records dated outside what the store keeps (older than the minute rollups' retention, or from the future): not stored. */
  recordsOutOfWindow: number;
  queuedRecords: number;
}

/** The ingest's running totals and queue, as metrics read when scraped (stats() is read each time). */
export function ingestMetrics(stats: () => IngestStats): { name: string; help: string; type: 'counter' | 'gauge'; read: () => number }[] {
  const counter = (name: string, help: string, read: (s: IngestStats) => number) => ({
    name: `netloom_flow_${name}`,
    help,
    type: 'counter' as const,
    read: () => read(stats()),
  });
  return [
    counter('batches_stored_total', 'Flow batches stored', (s) => s.batchesStored),
    counter('records_stored_total', 'Flow records stored', (s) => s.recordsStored),
    counter('batches_duplicate_total', 'Flow batches received again and not stored twice', (s) => s.batchesDuplicate),
    counter('batches_shed_total', "Flow batches refused with 'busy' under load (the devices resend them)", (s) => s.batchesShed),
    counter(
      'records_shed_total',
      "Flow records in batches refused with 'busy' (not counted: those refused unread while the queue was full)",
      (s) => s.recordsShed,
    ),
    counter('records_out_of_window_total', 'Flow records dated outside the stored window, not stored', (s) => s.recordsOutOfWindow),
    { name: 'netloom_flow_records_queued', help: 'Flow records waiting for the next write', type: 'gauge' as const, read: () => stats().queuedRecords },
  ];
}

interface Queued {
  batch: FlowBatchToStore;
  records: number;
  waiters: ((outcome: IngestOutcome | Error) => void)[];
}

/**
 * Takes flow batches from device connections without holding them up: a batch is enriched and
 * queued, and the connection hears back (ack or busy) when the write that carries it is done.
 * Writes go one at a time, each carrying everything queued meanwhile, so a busy database makes
 * bigger writes rather than more of them; when the queue holds too much, new batches are refused
 * with 'busy' and the devices resend them later. Nothing is dropped silently.
 */
export class FlowIngest {
  private queue = new Map<string, Queued>();
  private queuedRecords = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private lastWindowWarning = 0;
  /** Names the collector's queued datagrams, which have no seq of their own. */
  private collected = 0;
  /** Who hears of the evidence in each write once it has committed (NDR, IoT). */
  private readonly tap: EvidenceTap;
  readonly stats: IngestStats = {
    batchesStored: 0,
    recordsStored: 0,
    batchesDuplicate: 0,
    batchesShed: 0,
    recordsShed: 0,
    recordsOutOfWindow: 0,
    queuedRecords: 0,
  };

  constructor(
    private readonly store: AnalyticsStore,
    private readonly geo: CountryLookup,
    private readonly log: FastifyBaseLogger,
    private readonly options: IngestOptions,
  ) {
    this.tap = new EvidenceTap(log);
  }

  /** Registers a listener of the evidence stored from now on (flows, DNS queries, IDS alerts, WAF attacks); returns what unregisters it. */
  onEvidence(listener: EvidenceListener): () => void {
    return this.tap.onEvidence(listener);
  }

  /** While the queue is full: the wait to tell a device whose batch is not even read; null when there is room. */
  refuseNow(): number | null {
    if (this.closed || this.queuedRecords < this.options.maxQueuedRecords) return null;
    this.stats.batchesShed++;
    return this.retryAfter();
  }

  /** The configured wait, spread by ±25 % so refused devices do not all come back at once. */
  private retryAfter(): number {
    return Math.round(this.options.busyRetryMs * (0.75 + Math.random() * 0.5));
  }

  /** A device's flows, URL events or zero-trust sessions: the same queue, the same writes, the same answers (ack or busy). */
  submit(source: FlowSource, message: IngestMessage): Promise<IngestOutcome> {
    if (this.closed) return Promise.resolve({ stored: false, retryAfterMs: this.retryAfter() });
    const key = batchKey(source.id, message.seq);
    const queued = this.queue.get(key);
    if (queued) return new Promise((resolve, reject) => queued.waiters.push((o) => (o instanceof Error ? reject(o) : resolve(o))));
    const size =
      message.type === 'flows'
        ? message.records.length
        : message.type === 'url_events'
          ? message.events.length
          : message.type === 'waf_events'
            ? message.requests.length + message.attacks.length
            : message.type === 'dem_results'
              ? message.results.length
              : message.type === 'dns_queries'
                ? message.queries.length
                : message.type === 'ids_alerts'
                  ? message.alerts.length
                  : message.sessions.length;
    if (this.queuedRecords + size > this.options.maxQueuedRecords && this.queuedRecords > 0) {
      this.stats.batchesShed++;
      this.stats.recordsShed += size;
      return Promise.resolve({ stored: false, retryAfterMs: this.retryAfter() });
    }
    const now = Date.now();
    const oldest = now - this.options.retention().minuteDays * 86_400_000;
    const inWindow = (at: string) => {
      const t = Date.parse(at);
      return t >= oldest && t <= now + MAX_AHEAD_MS;
    };
    const batch: FlowBatchToStore = { deviceId: source.id, enrolment: source.enrolment, seq: message.seq, flows: [], urlEvents: [], ztnaSessions: [] };
    if (message.type === 'flows') {
      const kept = message.records.filter((r) => inWindow(r.start));
      this.outOfWindow(source, message.records.length - kept.length);
      batch.flows = kept.map((r) => enrich(r, source, this.geo));
    } else if (message.type === 'ztna_sessions') {
      // Sessions are no rollup's: they are kept as long as a tenant may keep its session logs.
      const oldestLog = now - (MAX_LOG_RETENTION_DAYS + 1) * 86_400_000;
      const inLogWindow = (at: string) => {
        const t = Date.parse(at);
        return t >= oldestLog && t <= now + MAX_AHEAD_MS;
      };
      this.outOfWindow(source, message.sessions.filter((s) => !inLogWindow(s.at)).length);
      batch.ztnaSessions = message.sessions.flatMap((s, n) => (inLogWindow(s.at) ? [ztnaSessionToStore(s, source, message.seq, n)] : []));
    } else if (message.type === 'waf_events') {
      // An edge's logs are no rollup's either: kept as long as a tenant may keep its logs.
      const oldestLog = now - (MAX_LOG_RETENTION_DAYS + 1) * 86_400_000;
      const inLogWindow = (at: string) => {
        const t = Date.parse(at);
        return t >= oldestLog && t <= now + MAX_AHEAD_MS;
      };
      const requests = message.requests.filter((r) => inLogWindow(r.at));
      this.outOfWindow(source, message.requests.length - requests.length + message.attacks.filter((a) => !inLogWindow(a.at)).length);
      batch.wafRequests = requests.map((r) => wafRequestToStore(r, source, this.geo));
      batch.wafAttacks = message.attacks.flatMap((a, n) => (inLogWindow(a.at) ? [wafAttackToStore(a, source, this.geo, message.seq, n)] : []));
    } else if (message.type === 'dem_results') {
      // Rolled up like flows: kept while the minute rollups are.
      const kept = message.results.filter((r) => inWindow(r.at));
      this.outOfWindow(source, message.results.length - kept.length);
      batch.demResults = message.results.flatMap((r, n) => (inWindow(r.at) ? [demResultToStore(r, source, message.seq, n)] : []));
    } else if (message.type === 'dns_queries' || message.type === 'ids_alerts') {
      // NDR's evidence: kept as long as a tenant may keep its logs, like URL events.
      const oldestLog = now - (MAX_LOG_RETENTION_DAYS + 1) * 86_400_000;
      const inLogWindow = (at: string) => {
        const t = Date.parse(at);
        return t >= oldestLog && t <= now + MAX_AHEAD_MS;
      };
      const at = { tenantId: source.tenantId, deviceId: source.id, seq: message.seq };
      if (message.type === 'dns_queries') {
        this.outOfWindow(source, message.queries.filter((q) => !inLogWindow(q.at)).length);
        batch.dnsQueries = message.queries.flatMap((query, n) => (inLogWindow(query.at) ? [{ ...at, at: new Date(query.at), n, query }] : []));
      } else {
        this.outOfWindow(source, message.alerts.filter((a) => !inLogWindow(a.at)).length);
        batch.idsAlerts = message.alerts.flatMap((alert, n) => (inLogWindow(alert.at) ? [{ ...at, at: new Date(alert.at), n, alert }] : []));
      }
    } else {
      const kept = message.events.filter((e) => inWindow(e.at));
      this.outOfWindow(source, message.events.length - kept.length);
      batch.urlEvents = message.events.flatMap((e, n) => (inWindow(e.at) ? [urlEventToStore(e, source, message.seq, n)] : []));
    }
    const records =
      batch.flows.length +
      batch.urlEvents.length +
      batch.ztnaSessions.length +
      (batch.wafRequests?.length ?? 0) +
      (batch.wafAttacks?.length ?? 0) +
      (batch.demResults?.length ?? 0) +
      (batch.dnsQueries?.length ?? 0) +
      (batch.idsAlerts?.length ?? 0);
    return new Promise((resolve, reject) => {
      this.queue.set(key, { batch, records, waiters: [(o) => (o instanceof Error ? reject(o) : resolve(o))] });
      this.queuedRecords += records;
      this.stats.queuedRecords = this.queuedRecords;
      this.arm();
    });
  }

  /**
   * Flow records a router exported over UDP (the flow collector), already decoded: the same
   * window, enrichment, queue and writes as a device's batch, without a sequence number (nothing
   * resends a datagram). Refused at once when the queue is full: the collector drops and counts them.
   */
  submitCollected(source: FlowSource, records: FlowRecord[]): Promise<IngestOutcome> {
    if (this.closed || (this.queuedRecords + records.length > this.options.maxQueuedRecords && this.queuedRecords > 0)) {
      this.stats.recordsShed += records.length;
      return Promise.resolve({ stored: false, retryAfterMs: this.retryAfter() });
    }
    const now = Date.now();
    const oldest = now - this.options.retention().minuteDays * 86_400_000;
    const kept = records.filter((r) => {
      const t = Date.parse(r.start);
      return t >= oldest && t <= now + MAX_AHEAD_MS;
    });
    this.outOfWindow(source, records.length - kept.length);
    const batch: FlowBatchToStore = {
      deviceId: source.id,
      enrolment: source.enrolment,
      seq: null,
      flows: kept.map((r) => enrich(r, source, this.geo)),
      urlEvents: [],
      ztnaSessions: [],
    };
    return new Promise((resolve, reject) => {
      this.queue.set(`collected:${++this.collected}`, { batch, records: kept.length, waiters: [(o) => (o instanceof Error ? reject(o) : resolve(o))] });
      this.queuedRecords += kept.length;
      this.stats.queuedRecords = this.queuedRecords;
      this.arm();
    });
  }

  private outOfWindow(source: FlowSource, n: number): void {
    if (n === 0) return;
    this.stats.recordsOutOfWindow += n;
    // A device with a wrong clock sends such records all day: one line a minute is enough.
    if (Date.now() - this.lastWindowWarning < 60_000) return;
    this.lastWindowWarning = Date.now();
    this.log.warn({ device: source.id, records: n }, 'flow records dated outside the stored window were not stored (check the device clock)');
  }

  private arm(): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushMs);
  }

  /** Writes everything queued so far; resolves when that write is done. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    const taken = [...this.queue.values()];
    this.queue = new Map();
    this.queuedRecords = 0;
    this.stats.queuedRecords = 0;
    if (taken.length === 0) return;
    try {
      await this.writeIsolating(taken);
    } finally {
      if (this.queue.size > 0) this.arm();
    }
  }

  /** All in one write; if the database refuses it (not an outage), each batch alone, so one bad batch fails only its device. */
  private async writeIsolating(taken: Queued[]): Promise<void> {
    try {
      this.settle(taken, await this.store.ingest(taken.map((q) => q.batch)));
    } catch (err) {
      if (isDatabaseUnavailable(err) || taken.length === 1) {
        if (!isDatabaseUnavailable(err)) this.log.error({ err, device: taken[0]?.batch.deviceId }, 'flow batch not stored');
        for (const q of taken) for (const w of q.waiters) w(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      for (const q of taken) await this.writeIsolating([q]);
    }
  }

  private settle(taken: Queued[], fresh: Set<string>): void {
    const storedNow: FlowBatchToStore[] = [];
    for (const q of taken) {
      const stored = q.batch.seq === null || fresh.has(batchKey(q.batch.deviceId, q.batch.seq));
      if (stored) {
        storedNow.push(q.batch);
        this.stats.batchesStored++;
        this.stats.recordsStored += q.records;
      } else this.stats.batchesDuplicate++;
      // A batch queued twice before the write (a resend): the first hears 'stored', the later ones that it was already.
      q.waiters.forEach((w, i) => w({ stored: true, duplicate: !stored || i > 0 }));
    }
    // Committed: the evidence goes to its listeners now, never awaited and never failing the write (a resend's is not handed on twice).
    this.tap.stored(storedNow);
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.closed = true;
    await this.flush();
  }
}
