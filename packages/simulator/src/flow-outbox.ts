import type { FlowsMessage } from '@netloom/domain';
import { BatchOutbox, type BatchOutboxOptions, type BatchesDropped } from './batch-outbox';

export type FlowsDropped = BatchesDropped;
export type FlowOutboxOptions = BatchOutboxOptions<FlowsMessage>;

/** A flow exporter's send buffer: a batch outbox whose drops count flow records. */
export class FlowOutbox extends BatchOutbox<FlowsMessage> {
  constructor(opts: FlowOutboxOptions) {
    super(opts, (m) => m.records.length);
  }
}
