import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { oneTimeTokens, refreshTokens } from '../../db/schema/index';
import { build, login, testBackends, type TestApp } from '../../test/build';
import { insertOneTimeToken } from './repo';
import { hashToken } from './tokens';
import { deleteExpiredTokens, EXPIRED_TOKENS_KEPT_DAYS } from './token-retention';
import { findUserByLogin } from '../../identity/repo';

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

describe.each(testBackends('advisory locks'))('expired sign-in tokens on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(backend);
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const familyOf = async (refresh: string) =>
    (
      await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refresh)))
    )[0]!.familyId;
  const tokensOf = (familyId: string) => db().select().from(refreshTokens).where(eq(refreshTokens.familyId, familyId));
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: token } });

  it(`deletes tokens and links expired more than ${EXPIRED_TOKENS_KEPT_DAYS} days ago; live sessions keep working`, async () => {
    const live = await login(t.app, 'owner@acme.test');
    // A session that ran out long ago, with a rotated token in it, and one that ran out yesterday.
    const old = await login(t.app, 'owner@acme.test');
    const rotated = await refresh(old.refresh!);
    expect(rotated.statusCode).toBe(200);
    const recent = await login(t.app, 'owner@acme.test');
    const [oldFamily, recentFamily] = [await familyOf(old.refresh!), await familyOf(recent.refresh!)];
    await db()
      .update(refreshTokens)
      .set({ expiresAt: daysAgo(EXPIRED_TOKENS_KEPT_DAYS + 1) })
      .where(eq(refreshTokens.familyId, oldFamily));
    await db()
      .update(refreshTokens)
      .set({ expiresAt: daysAgo(1) })
      .where(eq(refreshTokens.familyId, recentFamily));
    expect(await tokensOf(oldFamily)).toHaveLength(2);

    const owner = (await findUserByLogin(db(), 'owner@acme.test'))!;
    const links = ['old-link', 'fresh-link'].map(hashToken);
    await insertOneTimeToken(db(), { userId: owner.id, purpose: 'password_reset', tokenHash: links[0]!, expiresAt: daysAgo(EXPIRED_TOKENS_KEPT_DAYS + 2) });
    await insertOneTimeToken(db(), { userId: owner.id, purpose: 'password_reset', tokenHash: links[1]!, expiresAt: daysAgo(-1) });

    const stop = deleteExpiredTokens(db(), t.app.log, backend === 'postgres');
    try {
      await expect.poll(async () => (await tokensOf(oldFamily)).length, { timeout: 15_000, interval: 200 }).toBe(0);
    } finally {
      await stop();
    }
    expect(await tokensOf(recentFamily)).toHaveLength(1);
    const left = await db().select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens).where(inArray(oneTimeTokens.tokenHash, links));
    expect(left.map((l) => l.hash)).toEqual([links[1]]);

    // The live session still refreshes; the long-expired one is refused as before, with nothing to revoke.
    expect((await refresh(live.refresh!)).statusCode).toBe(200);
    const gone = await refresh(rotated.json<{ refresh: string }>().refresh);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ code: 'token_not_valid' });
  });
});
