/**
 * The load of bench:webfilter's ingest part: simulated gateways and endpoints on the agent
 * websocket, each sending pre-generated url_events batches as fast as the server acknowledges
 * them, a few in flight, resending on 'busy' after the server's retry_after_ms. The same protocol
 * and pacing as bench:flows' gateways (flows/gateways.ts), with URL events instead of flows.
 */
import { MINUTES_BACK } from '../flows/gateways';
import { BatchSenders, type SenderIdentity } from '../support/batch-senders';
import { urlEventsMessage, type UrlPoolBatch } from './url-batches';

/** The pool's batch for the i-th device's k-th send, as sendNext picks it (the raw baselines store the same ones). */
export const batchFor = (batches: readonly UrlPoolBatch[], index: number, sent: number): UrlPoolBatch => batches[(index * 7 + sent) % batches.length]!;

/** Each new batch a minute further back than the last, each device starting at its own minute. */
export const minutesBackFor = (index: number, sent: number): number => ((index % 60) + sent) % MINUTES_BACK;

/** Gateways and endpoints sending the pool's URL-event batches (an endpoint's hello names its user). */
export class UrlDevices extends BatchSenders {
  private readonly byKind: Record<UrlPoolBatch['kind'], UrlPoolBatch[]>;

  constructor(pool: UrlPoolBatch[], inFlight: number) {
    super(inFlight, 'URLS');
    this.byKind = { gateway: pool.filter((b) => b.kind === 'gateway'), endpoint: pool.filter((b) => b.kind === 'endpoint') };
  }

  /** Device i is an endpoint when the pool has endpoints and i % 4 = 3 (as the pool mixes them), else a gateway. */
  kindOf(index: number): UrlPoolBatch['kind'] {
    return index % 4 === 3 && this.byKind.endpoint.length > 0 ? 'endpoint' : 'gateway';
  }

  batchesOf(index: number): UrlPoolBatch[] {
    return this.byKind[this.kindOf(index)];
  }

  protected identity(index: number): SenderIdentity {
    const kind = this.kindOf(index);
    // An endpoint's hello names a signed-in user (its first batch's; each batch's events name their own).
    return { kind, user: kind === 'endpoint' ? batchFor(this.batchesOf(index), index, 0).user : null };
  }

  protected message(index: number, sent: number, seq: number) {
    const batch = batchFor(this.batchesOf(index), index, sent);
    const back = minutesBackFor(index, sent);
    return { text: urlEventsMessage(batch, seq, this.startedAt - back * 60_000), records: batch.events.length };
  }
}
