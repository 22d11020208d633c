import { createHmac } from 'node:crypto';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_MAX_ATTEMPTS, WEBHOOK_SIGNATURE_HEADER, type AlarmEvent } from '@netloom/domain';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { Mailer } from '../../mail/mailer';
import { DELIVERY_TIMING, type DeliveryTiming } from '../../config';
import { claimDue, recordOutcome, type ClaimedDelivery } from './channels-repo';
import { emailOf } from './events';
import { pinnedLookup, resolveTarget, systemResolver, type ResolvedAddress, type TargetPolicy } from './webhook-target';

const BATCH = 20;

export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** The pause before try number `attempt + 1` after `attempt` failed ones. */
const backoffMs = (attempt: number, t: DeliveryTiming) => Math.min(t.maxBackoffMs, t.firstBackoffMs * 2 ** Math.max(0, attempt - 1));

/**
 * POSTs to the URL, connecting to `target` (the address its name resolved to and was checked as)
 * and never resolving the name again. The answer's status is all that counts: its body is
 * drained, not read. Redirects are not followed.
 */
function postTo(url: URL, target: ResolvedAddress, headers: OutgoingHttpHeaders, body: string, timeoutMs: number): Promise<number> {
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup: pinnedLookup(target), agent: false, signal },
      (res) => {
        res.on('error', () => undefined);
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    request.on('error', (err) => reject(signal.aborted ? new Error(`no answer from ${target.address} within ${timeoutMs} ms`) : err));
    request.end(body);
  });
}

/**
 * Sends what the channels queued: a webhook as a signed JSON POST, an e-mail through the mailer.
 * Deliveries are rows, so they outlive a restart; any instance may take them (claimed with a lease
 * and SKIP LOCKED), and a failed try is repeated later and later until DELIVERY_MAX_ATTEMPTS.
 * It runs beside ingest and never holds it up.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly timing: DeliveryTiming = DELIVERY_TIMING,
    private readonly targets: Omit<TargetPolicy, 'allowPrivate'> = { resolve: systemResolver },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.round());
    }, this.timing.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round: everything due now, a batch at a time. */
  async round(): Promise<void> {
    try {
      for (let batch = BATCH; batch === BATCH && !this.stopped;) {
        const claimed = await claimDue(this.db, new Date(), this.timing.timeoutMs * 4, BATCH);
        batch = claimed.length;
        await Promise.all(claimed.map((c) => this.deliver(c)));
      }
    } catch (err) {
      if (!isDatabaseUnavailable(err)) this.log.error({ err }, 'notification deliveries failed');
    }
  }

  private async deliver({ delivery, channel }: ClaimedDelivery): Promise<void> {
    const event = delivery.payload as unknown as AlarmEvent;
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      if (channel.kind === 'webhook') statusCode = await this.post(channel.target, channel.secret ?? '', delivery.id, event);
      else await this.mailer.send({ to: channel.target, ...emailOf(event) });
      if (statusCode !== null && (statusCode < 200 || statusCode >= 300)) error = `HTTP ${statusCode}`;
    } catch (err) {
      error = err instanceof Error ? err.message.slice(0, 500) : 'failed';
    }
    const now = Date.now();
    const done = error === null;
    const exhausted = !done && delivery.attempts >= DELIVERY_MAX_ATTEMPTS;
    await recordOutcome(this.db, delivery.id, {
      state: done ? 'delivered' : exhausted ? 'failed' : 'pending',
      statusCode,
      error,
      nextAttemptAt: new Date(now + (done || exhausted ? 0 : backoffMs(delivery.attempts, this.timing))),
      deliveredAt: done ? new Date(now) : null,
    });
  }

  private async post(url: string, secret: string, deliveryId: string, event: AlarmEvent): Promise<number> {
    const target = await resolveTarget(url, { ...this.targets, allowPrivate: this.timing.allowPrivateTargets });
    if ('refused' in target) throw new Error(`refused: ${target.refused}`);
    const body = JSON.stringify(event);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Netloom-Notifications/1',
      'x-netloom-event': event.test ? 'test' : 'alarm',
      'x-netloom-delivery': deliveryId,
      [WEBHOOK_SIGNATURE_HEADER]: signBody(secret, body),
    };
    return postTo(new URL(url), target.address, headers, body, this.timing.timeoutMs);
  }
}
