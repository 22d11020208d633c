import { FLOW_ACTIVE_TIMEOUT_S, FLOWS_BATCH_MAX, type FlowRecord, type FlowsMessage } from '@netloom/domain';
import { BatchExporter, type BatchExporterOptions } from './batch-exporter';

export interface FlowExporterOptions extends Omit<BatchExporterOptions<FlowRecord, FlowsMessage>, 'collect' | 'batchMax' | 'message' | 'recordsOf'> {
  /** Seconds between exports, each covering the interval before it; 0: no export. At most the active timeout. */
  intervalS: number;
  /** The device's records for the `intervalS` before `at` (its behaviour's flow cache). */
  flows: (at: Date, intervalS: number) => FlowRecord[];
}

/**
 * A device's flow export (NetFlow/IPFIX style): every interval its flow cache is swept into
 * batches of at most FLOWS_BATCH_MAX records. No record spans more than the active timeout, so
 * neither does an interval.
 */
export class FlowExporter extends BatchExporter<FlowRecord, FlowsMessage> {
  constructor(opts: FlowExporterOptions) {
    if (!(opts.intervalS >= 0 && opts.intervalS <= FLOW_ACTIVE_TIMEOUT_S)) {
      throw new RangeError(`the flow export interval must be between 0 (off) and ${FLOW_ACTIVE_TIMEOUT_S} s`);
    }
    super({
      ...opts,
      collect: opts.flows,
      // flowsFor already caps an interval to one batch; a bigger cache would go out in several.
      batchMax: FLOWS_BATCH_MAX,
      message: (seq, records) => ({ type: 'flows', seq, records }),
      recordsOf: (m) => m.records.length,
    });
  }
}
