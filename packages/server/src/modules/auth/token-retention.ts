import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sweepPeriodically } from '../../db/periodic-sweep';
import { pruneExpiredTokens } from './repo';

/**
 * How long an expired refresh token or e-mailed link is kept. Every refresh stores a new token, so
 * a console left open writes one every quarter of an hour; without a sweep they pile up for ever.
 * Past its expiry a token opens nothing; it is kept a while longer only so that presenting a
 * rotated one again still revokes its session as a theft, as long as that is worth telling.
 */
export const EXPIRED_TOKENS_KEPT_DAYS = 30;
const TOKEN_SWEEP_EVERY_MS = 60 * 60_000;

export function deleteExpiredTokens(db: Db, log: FastifyBaseLogger, usesLock: boolean): () => Promise<void> {
  return sweepPeriodically(log, {
    what: 'expired sign-in tokens',
    everyMs: TOKEN_SWEEP_EVERY_MS,
    sweep: () => pruneExpiredTokens(db, new Date(Date.now() - EXPIRED_TOKENS_KEPT_DAYS * 86_400_000), usesLock),
  });
}
