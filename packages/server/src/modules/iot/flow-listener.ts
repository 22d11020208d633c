import type { FastifyBaseLogger } from 'fastify';
import type { NdrEvidence, NdrFlow } from '@netloom/domain';
import type { IotProfiles } from './profiles';

/** Batches waiting past this are dropped (and counted): a profile misses some flows rather than the server its memory. */
const PENDING_MAX = 200;

/**
 * The profiles' ear on the flow ingest (its evidence tap, registered in the composition root):
 * each stored batch's flows, one batch at a time, so a class's profile learns them in order and
 * the tap's caller never waits on it.
 */
export class IotFlowListener {
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  dropped = 0;

  constructor(
    private readonly profiles: IotProfiles,
    private readonly log: FastifyBaseLogger,
  ) {}

  readonly accept = (tenantId: string, evidence: readonly NdrEvidence[]): void => {
    const flows = evidence.filter((e): e is NdrFlow => e.kind === 'flow');
    if (flows.length === 0) return;
    if (this.pending >= PENDING_MAX) {
      this.dropped++;
      return;
    }
    this.pending++;
    this.chain = this.chain
      .then(() => this.profiles.observe(tenantId, flows))
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, tenantId }, 'IoT profiles: flows not learnt from'),
      )
      .finally(() => this.pending--);
  };

  /** Resolves when the batches handed on so far are done. */
  idle(): Promise<void> {
    return this.chain;
  }
}
