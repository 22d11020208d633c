import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Backend } from '../test/build';
import { operationsOf, type Operation } from './openapi';
import { probeCrossTenant, type CrossTenantResult } from './cross-tenant';
import { fuzzOperations, type FuzzResult } from './fuzz';
import { listFindings, table, type Check } from './findings';
import { buildWorld, type World } from './world';

/**
 * The security suite: generated from the served OpenAPI document, so a new route is covered
 * without a line here. Prints its figures; fails on any cross-tenant 2xx, canary, unauthenticated
 * 2xx, 5xx or invalid input accepted, listing each. Each backend runs from its own test file, so
 * the two run side by side.
 */
export function securitySuite(backend: Backend): void {
  describe(`security suite on ${backend}`, () => {
    let world: World;
    let ops: Operation[];
    let cross: CrossTenantResult | undefined;
    let fuzz: FuzzResult | undefined;

    beforeAll(async () => {
      // The victim's devices report once; they stay online for the whole run (it takes minutes), so
      // "victim data changed" means a probe changed it, never that the offline sweep ran meanwhile.
      const t = await build(backend, (c) => ({ ...c, fleet: { ...c.fleet, offlineAfterSeconds: 3600 } }));
      world = await buildWorld(t);
      ops = operationsOf(t.app.swagger());
    }, 120_000);

    afterAll(async () => {
      for (const a of world?.agents ?? []) a.ws.terminate();
      await world?.t.close();
      const count = (check: Check) => [...(cross?.byPrincipal.values() ?? []), ...(fuzz?.byMutation.values() ?? [])].reduce((n, t) => n + t.get(check), 0);
      const requests = [...(cross?.byPrincipal.values() ?? []), ...(fuzz?.byMutation.values() ?? [])].reduce((n, t) => n + t.requests, 0);
      console.log(
        table(
          `Security figures (${backend})`,
          ['figure', 'value', 'goal'],
          [
            ['operations in the document', ops?.length ?? 0, ''],
            ['principals', world?.principals.length ?? 0, ''],
            ['requests sent', requests + (fuzz?.happy.length ?? 0), ''],
            ['valid calls that succeeded', `${fuzz?.happy.filter((h) => h.status < 300).length ?? 0}/${fuzz?.happy.length ?? 0}`, ''],
            ['cross-tenant 2xx', count('cross-tenant 2xx'), 0],
            ['victim data changed by others', cross?.findings.filter((f) => f.check === 'victim data changed').length ?? 0, 0],
            ['canaries found', count('canary'), 0],
            ['unauthenticated 2xx', count('unauthenticated 2xx'), 0],
            ['5xx', count('5xx'), 0],
            ['invalid input accepted', count('invalid accepted'), 0],
          ],
        ),
      );
    });

    it('no principal reaches another tenant’s objects or reads its data', async () => {
      cross = await probeCrossTenant(world, ops);
      const rows = [...cross.byPrincipal].map(([name, t]) => [
        name,
        t.requests,
        t.get('cross-tenant 2xx'),
        t.get('canary'),
        t.get('unauthenticated 2xx'),
        t.get('5xx'),
        t.excluded,
      ]);
      console.log(
        table(
          `Cross-tenant probes (${backend}): every operation × principal against the victim tenant's ids`,
          ['principal', 'requests', 'cross-tenant 2xx', 'canaries', 'unauth 2xx', '5xx', 'allowed'],
          rows,
        ),
      );
      const reasons = new Map<string, number>();
      for (const e of cross.exclusions) reasons.set(e.reason, (reasons.get(e.reason) ?? 0) + 1);
      console.log(`Allowed (not counted): ${[...reasons].map(([r, n]) => `${n} × ${r}`).join('; ') || 'none'}`);
      console.log(`2xx naming a victim id with the same answer as for an id that exists nowhere (nothing reached): ${cross.sameAsNowhere}`);
      if (cross.findings.length) console.log(`Cross-tenant findings:\n${listFindings(cross.findings)}`);

      console.log(`Reads in which the victim's owner sees a canary (the planted data is real): ${cross.canariesVisibleToVictim}`);
      expect(ops.length).toBeGreaterThan(0);
      expect(cross.canariesVisibleToVictim).toBeGreaterThanOrEqual(8);
      const missed = ops.filter((op) => cross!.exercised.get(op.key)?.size !== world.principals.length).map((op) => op.key);
      expect(missed, 'operations not called by every principal').toEqual([]);
      expect(cross.findings.map((f) => `[${f.check}] ${f.operation} — ${f.who} → ${f.status} ${f.body}`)).toEqual([]);
    }, 120_000);

    it('every operation refuses hostile input, without a 5xx', async () => {
      fuzz = await fuzzOperations(world, ops);
      const rows = [...fuzz.byMutation].map(([mutation, t]) => [mutation, t.requests, t.excluded, t.get('5xx'), t.get('invalid accepted')]);
      console.log(
        table(
          `Fuzzing (${backend}): variants of each operation's valid call`,
          ['variant', 'requests', 'valid (only 5xx counted)', '5xx', 'invalid accepted'],
          rows,
        ),
      );
      const failed = fuzz.happy.filter((h) => h.status >= 300);
      if (failed.length)
        console.log(
          `Valid calls that did not succeed (their variants test validation only):\n${failed.map((h) => `  ${h.operation} as ${h.principal} → ${h.status} ${h.body}`).join('\n')}`,
        );
      if (fuzz.unknownKinds.length) console.log(`Path parameters of unknown kind (random ids used): ${fuzz.unknownKinds.join(', ')}`);
      if (fuzz.findings.length) console.log(`Fuzzing findings:\n${listFindings(fuzz.findings)}`);

      const unfuzzed = ops.filter((op) => !fuzz!.sent.get(op.key)).map((op) => op.key);
      expect(unfuzzed, 'operations without a single variant').toEqual([]);
      // The fixture is real: the valid call of most operations works (the rest need a second factor, a Google token or an e-mailed link).
      expect(fuzz.happy.filter((h) => h.status < 300).length).toBeGreaterThanOrEqual(Math.ceil(ops.length * 0.8));
      expect(fuzz.findings.map((f) => `[${f.check}] ${f.operation} — ${f.who} → ${f.status} ${f.body}`)).toEqual([]);
    }, 600_000);
  });
}
