import { FLOW_ACTIVE_TIMEOUT_S, FLOWS_BATCH_MAX, type FlowRecord, type FlowsMessage } from '@netloom/domain';
import { FlowOutbox, type FlowOutboxOptions } from './flow-outbox';
import { randomBetween, type Random } from './prng';

/**
 * The first export after the simulator starts comes this soon (spread over the window so a fleet
 * does not export at once), covering the interval before it: a box was forwarding traffic before
 * the simulator started, and a fresh demo's charts fill within a minute.
 */
const FIRST_EXPORT_MS: [number, number] = [1000, 5000];

export interface FlowExporterOptions extends Pick<FlowOutboxOptions, 'transmit' | 'onDropped' | 'capacity' | 'maxInFlight'> {
  /** Seconds between exports, each covering the interval before it; 0: no export. At most the active timeout. */
  intervalS: number;
  /** The device's records for the `intervalS` before `at` (its behaviour's flow cache). */
  flows: (at: Date, intervalS: number) => FlowRecord[];
  /** The device's message counter, shared with its other messages (the state file keeps it). */
  nextSeq: () => number;
  /** Only for the first export's delay. */
  random: Random;
}

/**
 * A device's flow export (NetFlow/IPFIX style): every interval its flow cache is swept into
 * batches of at most FLOWS_BATCH_MAX records, each numbered once and put in the outbox, which
 * sends them while there is a connection and keeps them while there is none. The export clock
 * does not depend on the management connection: the box forwards traffic through an outage, so
 * its records pile up in the outbox and go out after the reconnect.
 */
export class FlowExporter {
  readonly outbox: FlowOutbox;
  private timer: NodeJS.Timeout | null = null;
  private ranBefore = false;

  constructor(private readonly opts: FlowExporterOptions) {
    if (!(opts.intervalS >= 0 && opts.intervalS <= FLOW_ACTIVE_TIMEOUT_S)) {
      throw new RangeError(`the flow export interval must be between 0 (off) and ${FLOW_ACTIVE_TIMEOUT_S} s`);
    }
    this.outbox = new FlowOutbox(opts);
  }

  get enabled(): boolean {
    return this.opts.intervalS > 0;
  }

  /**
   * Starts the export clock unless it runs. The first time soon after; back from being switched
   * off (a reboot, a user away) one interval later, as the box's flow cache starts empty.
   */
  run(): void {
    if (this.timer || !this.enabled) return;
    const intervalMs = this.opts.intervalS * 1000;
    const first = this.ranBefore ? intervalMs : Math.min(intervalMs, randomBetween(this.opts.random, ...FIRST_EXPORT_MS));
    this.ranBefore = true;
    this.schedule(first);
  }

  /** The box is off (rebooting, its user away): no traffic, so no export until run() again. */
  pause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  stop(): void {
    this.pause();
    this.outbox.close();
  }

  /** Sweeps the interval that ends now into the outbox; the seqs of the batches it made. */
  exportNow(at: Date = new Date()): number[] {
    const records = this.opts.flows(at, this.opts.intervalS);
    const seqs: number[] = [];
    // flowsFor already caps an interval to one batch; a bigger cache would go out in several.
    for (let i = 0; i < records.length; i += FLOWS_BATCH_MAX) {
      const message: FlowsMessage = { type: 'flows', seq: this.opts.nextSeq(), records: records.slice(i, i + FLOWS_BATCH_MAX) };
      seqs.push(message.seq);
      this.outbox.add(message);
    }
    return seqs;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule(this.opts.intervalS * 1000);
      this.exportNow();
    }, ms);
  }
}
