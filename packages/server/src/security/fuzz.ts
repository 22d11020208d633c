import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '../test/build';
import { baseCall, urlOf, variantsOf, type Call, type Hints, type Mutation } from './generate';
import { bodyProperties, kindOfPathParam, type Kind, type Operation } from './openapi';
import { shortBody, Tally, type Finding } from './findings';
import { variantsToSend, type Plan } from './plan';
import { ATTACKER_NAC_MAC, PATH_WORDS, REPORT_FIELD_VALUES, WAF_FIELD_VALUES, ZTNA_FIELD_VALUES } from './world/known-values';
import { send } from './world/requests';
import type { FreshObject, World } from './world/types';

export interface HappyPath {
  operation: string;
  principal: 'anonymous' | 'owner' | 'super admin';
  status: number;
  body: string;
}

export interface FuzzResult {
  byMutation: Map<Mutation, Tally>;
  findings: Finding[];
  happy: HappyPath[];
  /** Operation → variants sent. */
  sent: Map<string, number>;
  unknownKinds: string[];
}

const ok = (status: number) => status >= 200 && status < 300;

/** Values of named fields a valid call needs that the document cannot give. */
function validValues(op: Operation, email: string, confirm: string | undefined): Record<string, unknown> {
  return {
    username: email,
    password: DEMO_PASSWORD,
    old_password: DEMO_PASSWORD,
    new_password: `Nl-${randomBytes(8).toString('hex')}-9`,
    timezone: 'Europe/Berlin',
    website: 'https://example.test',
    applies_to: { everyone: true },
    domain: 'discovered-site.net',
    // A client release of the first system (windows), or the version of a guided tour; a host the attacker's gateway reported.
    version: op.path.includes('/profile/tours/') ? 1 : '2.1.12',
    mac: ATTACKER_NAC_MAC,
    ...ZTNA_FIELD_VALUES,
    // QShield's calls only (other calls' `entries` are a configuration family's lists): a domain no
    // other application protects, an origin, a threat list's entries and a policy-as-code document.
    ...(op.path.includes('/waap/') ? { ...WAF_FIELD_VALUES, domains: () => [`fuzz-${randomBytes(4).toString('hex')}.example.net`] } : {}),
    ...REPORT_FIELD_VALUES,
    ...PATH_WORDS,
    confirm,
  };
}

const hintsFor = (world: World, values: Record<string, unknown>): Hints => ({
  id: (kind: Kind | null) => (kind ? world.attacker.ids[kind][0]! : crypto.randomUUID()),
  field: (name) => values[name],
});

/**
 * The classes of the variants a full run sends for an operation, counted on a stand-in for its
 * valid call (the real one needs a user and objects of its own): the plan's pool.
 */
export function variantPool(world: World, op: Operation): Mutation[] {
  const call = baseCall(op, hintsFor(world, validValues(op, 'stand-in@example.test', 'stand-in')));
  return variantsOf(op, call).map((v) => v.mutation);
}

const secondFactorPurpose = (path: string) => (path.includes('2fa/enable') ? 'enable' : path.includes('2fa/disable') ? 'disable' : 'login');

/**
 * One operation's world: a new user of the attacker tenant (or a new super admin for the
 * provider's routes) and new objects in its path, so a password change, a logout or a deletion
 * changes nothing another operation relies on.
 */
export async function setUp(world: World, op: Operation, role: 'owner' | 'super', unknownKinds: string[]) {
  const self = await world.freshUser(role);
  const targets: Record<string, { id: string; name: string }> = {};
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const kind = kindOfPathParam(op.path, p.name);
    // One of a few words (a configuration family): the base call fills in a valid one.
    if (!kind && (p.schema.enum || PATH_WORDS[p.name])) continue;
    if (!kind) unknownKinds.push(`${op.key} {${p.name}}`);
    targets[p.name] = kind ? await world.freshObject(kind) : { id: crypto.randomUUID(), name: 'unknown' };
  }
  // An object inside a device (a revision) is reached through that device's path.
  const inside = Object.values(targets).find((t): t is { id: string; name: string; deviceId: string } => 'deviceId' in t && t.deviceId !== undefined);
  const deviceParam = op.params.find((x) => x.in === 'path' && kindOfPathParam(op.path, x.name) === 'device');
  if (inside && deviceParam) targets[deviceParam.name] = { id: inside.deviceId, name: 'device' };
  for (const target of Object.values(targets) as FreshObject[]) {
    const parent = target.within && op.params.find((x) => x.in === 'path' && kindOfPathParam(op.path, x.name) === target.within!.kind);
    if (parent) targets[parent.name] = { id: target.within!.id, name: target.within!.kind };
  }
  const names = new Set(Object.keys(bodyProperties(op)));
  // A deletion confirmed by the name of what it deletes.
  const values = validValues(op, self.email, Object.values(targets)[0]?.name);
  if (names.has('refresh')) values.refresh = (await world.login(self.email)).refresh ?? undefined;
  if (names.has('token')) values.token = (await world.resetToken(self.email)) ?? undefined;
  if (names.has('code')) Object.assign(values, await world.secondFactor(self, secondFactorPurpose(op.path)));
  const hints = hintsFor(world, values);
  const call = baseCall(op, hints);
  for (const [name, target] of Object.entries(targets)) call.path[name] = target.id;
  return { token: op.secured ? self.token : null, call, hints };
}

/**
 * Every operation, as a principal allowed to call it on the attacker tenant's own objects: its
 * valid call (which must succeed for the fuzzing to mean anything), then the hostile variants the
 * plan chose for it.
 */
export async function fuzzOperations(world: World, ops: Operation[], plan: Plan): Promise<FuzzResult> {
  const result: FuzzResult = { byMutation: new Map(), findings: [], happy: [], sent: new Map(), unknownKinds: [] };
  const app = world.t.app;
  const call = (op: Operation, token: string | null, c: Call) => send(app, op.method, urlOf(op, c), token, c.body);
  for (const op of ops) {
    // The valid call first, on its own user and objects: it tells who may call the operation (the
    // tenant's owner, unless the owner is refused: a provider route) and whether the fixture is real.
    let role: 'owner' | 'super' = 'owner';
    let valid = await setUp(world, op, role, result.unknownKinds);
    let res = await call(op, valid.token, valid.call);
    if (op.secured && res.statusCode === 403) {
      world.conformance.check(op, res, 'owner: valid call');
      role = 'super';
      valid = await setUp(world, op, role, []);
      res = await call(op, valid.token, valid.call);
    }
    const principal = role === 'super' ? 'super admin' : op.secured ? 'owner' : 'anonymous';
    world.conformance.check(op, res, `${principal}: valid call`);
    result.happy.push({ operation: op.key, principal, status: res.statusCode, body: shortBody(res) });
    if (res.statusCode >= 500)
      result.findings.push({ check: '5xx', operation: op.key, who: `${principal}: valid call`, status: res.statusCode, body: shortBody(res) });

    // A change that went through may have used up the user, the object or the one-time token: the
    // next call gets new ones (made when it comes), so a refusal is never just a missing object.
    const mutating = op.method !== 'GET' && op.method !== 'HEAD';
    let usedUp = mutating && ok(res.statusCode);
    let { token, call: base } = valid;
    // Invalid variants first: one the server rightly takes (an unknown query parameter on a
    // deletion) would otherwise leave the invalid ones a 404 that hides whether they were refused.
    const variants = variantsToSend(
      op,
      variantsOf(op, base).sort((a, b) => Number(b.invalid) - Number(a.invalid)),
      plan.fuzz.get(op.key),
      plan.seed,
    );
    result.sent.set(op.key, variants.length);
    for (const v of variants) {
      if (usedUp) ({ token, call: base } = await setUp(world, op, role, []));
      const res = await call(op, token, v.make(base));
      world.conformance.check(op, res, `${principal}: ${v.label}`);
      usedUp = mutating && ok(res.statusCode);
      const tally = result.byMutation.get(v.mutation) ?? new Tally();
      result.byMutation.set(v.mutation, tally);
      tally.requests++;
      if (!v.invalid) tally.excluded++;
      const who = `${principal}: ${v.label}`;
      if (res.statusCode >= 500) {
        tally.add('5xx');
        result.findings.push({ check: '5xx', operation: op.key, who, status: res.statusCode, body: shortBody(res) });
      } else if (ok(res.statusCode) && v.invalid) {
        tally.add('invalid accepted');
        result.findings.push({ check: 'invalid accepted', operation: op.key, who, status: res.statusCode, body: shortBody(res) });
      }
    }
  }
  return result;
}
