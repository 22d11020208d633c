import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Backend } from '../test/build';
import { operationsOf, type Operation } from './openapi';
import { probeCrossTenant, type CrossTenantResult } from './cross-tenant';
import { shapesOf } from './cross-tenant-shapes';
import { fuzzOperations, variantPool, type FuzzResult } from './fuzz';
import { MUTATIONS } from './generate';
import { planRun, settingsFromEnv, type Plan } from './plan';
import { probeRoles, type RoleMatrixResult } from './roles';
import { listFindings, table } from './findings';
import { securityFigures } from './figures';
import { buildWorld } from './world';
import { CONFORMANCE_CHECKS } from './conformance';
import { sendValidRequests, type ValidResult } from './valid-requests';
import type { World } from './world/types';
import { probeScim } from './scim-probes';

/**
 * The security suite: generated from the served OpenAPI document, so a new route is covered
 * without a line here. Sends a fixed budget of requests (see plan.ts): every operation × principal
 * and a variant of every operation always, a seeded sample of the rest. Prints its figures and the
 * seed; fails on any cross-tenant 2xx, canary, unauthenticated 2xx, 5xx or invalid input accepted,
 * and on any answer the document does not declare (status, content type, body schema), listing each. Each backend runs from its own test file, so the two run side by side.
 */
export function securitySuite(backend: Backend): void {
  describe(`security suite on ${backend}`, () => {
    let world: World;
    let ops: Operation[];
    let cross: CrossTenantResult | undefined;
    let fuzz: FuzzResult | undefined;
    let roles: RoleMatrixResult | undefined;
    let plan: Plan | undefined;
    let valid: ValidResult | undefined;

    beforeAll(async () => {
      const settings = settingsFromEnv();
      // The victim's devices report once; they stay online for the whole run (it takes minutes), so
      // "victim data changed" means a probe changed it, never that the offline sweep ran meanwhile.
      // The principals sign in once: their access tokens outlive the run too (on a loaded machine a
      // run passed the default 15 minutes and its last fixtures were refused as unauthenticated).
      const t = await build(backend, (c) => ({ ...c, accessTokenTtlSeconds: 3600, fleet: { ...c.fleet, offlineAfterSeconds: 3600 } }));
      world = await buildWorld(t);
      ops = operationsOf(t.app.swagger());
      plan = planRun(ops, world.principals, { shapeCount: (op, who) => shapesOf(op, who, world).length, variantsOf: (op) => variantPool(world, op) }, settings);
      const { seed, figures, budget } = plan;
      console.log(
        `Security suite on ${backend}: seed ${seed} (replay with SECURITY_SEED=${seed}), ${figures.planned} of the ${figures.fullRun} requests of a full run (budget ${budget})`,
      );
    });

    afterAll(async () => {
      for (const a of world?.agents ?? []) a.ws.terminate();
      await world?.t.close();
      const conformance = world?.conformance;
      console.log(securityFigures(backend, { ops: ops ?? [], principals: world?.principals.length ?? 0, plan, cross, fuzz, roles, conformance }));
    });

    it('no principal reaches another tenant’s objects or reads its data', async () => {
      cross = await probeCrossTenant(world, ops, plan!);
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
          `Cross-tenant probes (${backend}): every operation × principal against the victim tenant's ids (a sample of the request shapes)`,
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
    });

    it('every role gets what its route declares: the role matrix, and personal browsing data for owners and admins only', async () => {
      roles = await probeRoles(world, ops);
      const rows = [...roles.byRole].map(([role, t]) => [role, t.requests, t.get('role not refused'), t.get('role refused')]);
      console.log(
        table(
          `Role matrix (${backend}): each operation that names its roles, called in the caller's own tenant by every role it does not name (and personal browsing data by its readers)`,
          ['role', 'requests', 'not refused', 'reader refused'],
          rows,
        ),
      );
      console.log(
        `Operations naming their roles: ${roles.declared}/${ops.length}; refused as invalid before the role was looked at: ${roles.invalidBeforeRole}`,
      );
      if (roles.findings.length) console.log(`Role findings:\n${listFindings(roles.findings)}`);
      expect(roles.declared).toBeGreaterThan(ops.length / 2);
      expect(roles.findings.map((f) => `[${f.check}] ${f.operation} — ${f.who} → ${f.status} ${f.body}`)).toEqual([]);
    });

    it('every operation refuses hostile input, without a 5xx', async () => {
      fuzz = await fuzzOperations(world, ops, plan!);
      const rows = [...fuzz.byMutation].map(([mutation, t]) => [mutation, t.requests, t.excluded, t.get('5xx'), t.get('invalid accepted')]);
      console.log(
        table(
          `Fuzzing (${backend}): variants of each operation's valid call (a sample)`,
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
      expect(
        MUTATIONS.filter((m) => !fuzz!.byMutation.get(m)?.requests),
        'classes of variant never sent',
      ).toEqual([]);
      // The fixture is real: the valid call of most operations works (the rest need a second factor, a Google token or an e-mailed link).
      expect(fuzz.happy.filter((h) => h.status < 300).length).toBeGreaterThanOrEqual(Math.ceil(ops.length * 0.8));
      expect(fuzz.findings.map((f) => `[${f.check}] ${f.operation} — ${f.who} → ${f.status} ${f.body}`)).toEqual([]);
    });

    it('requests valid by the document are not refused', async () => {
      expect(fuzz, 'the fuzzing above tells which valid calls work').toBeDefined();
      valid = await sendValidRequests(world, ops, fuzz!.happy, {
        seed: plan!.seed,
        perOperation: plan!.validPerOperation,
        documented: (op) => world.conformance.documented(op),
        documentOf: (op) => world.conformance.documentOf(op),
      });
      const t = valid.tally;
      console.log(
        table(
          `Valid requests (${backend}): drawn from each operation's schemas (fast-check), ${plan!.validPerOperation} per operation whose valid call works`,
          [
            'requests',
            'valid refused',
            '5xx',
            'allowed: rule the document states',
            'allowed: 422 unknown reference',
            'allowed: 404 random id',
            'allowed: 401 credential',
            'allowed: 409 conflict',
            'allowed: 429',
          ],
          [
            [
              t.requests,
              t.get('valid refused'),
              t.get('5xx'),
              t.get('rule the document states'),
              t.get('422 names an object the organisation does not have'),
              t.get('404 names an id nothing has'),
              t.get('401 credential not valid'),
              t.get('409 conflict with existing state'),
              t.get('429 rate limited'),
            ],
          ],
        ),
      );
      console.log(`Operations without generated requests (their own valid call is refused): ${valid.skipped.length}`);
      if (valid.findings.length) console.log(`Valid requests refused:\n${listFindings(valid.findings, 600)}`);
      expect(valid.sent.size).toBeGreaterThanOrEqual(Math.ceil(ops.length * 0.8));
      expect(valid.findings.map((f) => `[${f.check}] ${f.operation} — ${f.who} → ${f.status} ${f.body}`)).toEqual([]);
    });

    // Last: every answer of the probes above was checked as it came (Schemathesis's response checks).
    it('every answer is one the document declares: its status, content type and body schema', () => {
      const c = world.conformance;
      const unchecked = ops.filter((op) => !c.checked.get(op.key)).map((op) => op.key);
      console.log(
        table(
          `Answers against the document (${backend}): each answer of the probes above`,
          ['answers', ...CONFORMANCE_CHECKS],
          [[c.tally.requests, ...CONFORMANCE_CHECKS.map((check) => c.tally.get(check))]],
        ),
      );
      if (c.findings.length) console.log(`Answers the document does not declare (each once):\n${listFindings(c.findings, 400)}`);
      expect(unchecked, 'operations with no answer checked').toEqual([]);
      expect(c.findings.map((f) => `[${f.check}] ${f.operation} — ${f.who} → ${f.status} ${f.body}`)).toEqual([]);
    });

    // After the generated probes: the SCIM service is outside the document, and its tokens' last use would read as victim data changed.
    it('a SCIM provisioning token reaches its own organisation only, and hostile SCIM input gets a SCIM error', async () => {
      const scim = await probeScim(world);
      console.log(`SCIM probes (${backend}): ${scim.requests} requests, ${scim.findings.length} findings`);
      expect(scim.findings).toEqual([]);
      expect(scim.requests).toBeGreaterThan(300);
    });
  });
}
