import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '../test/build';
import { baseCall, urlOf, variantsOf, type Call, type Hints, type Mutation } from './generate';
import { kindOfPathParam, type Kind, type Operation } from './openapi';
import { shortBody, Tally, type Finding } from './findings';
import { ATTACKER_NAC_MAC, PATH_WORDS, REPORT_FIELD_VALUES, ZTNA_FIELD_VALUES, send, type World } from './world';

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

const secondFactorPurpose = (path: string) => (path.includes('2fa/enable') ? 'enable' : path.includes('2fa/disable') ? 'disable' : 'login');

/**
 * One operation's world: a new user of the attacker tenant (or a new super admin for the
 * provider's routes) and new objects in its path, so a password change, a logout or a deletion
 * changes nothing another operation relies on.
 */
async function setUp(world: World, op: Operation, role: 'owner' | 'super', unknownKinds: string[]) {
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
  const names = new Set(Object.keys(op.body?.properties ?? {}));
  const values: Record<string, unknown> = {
    username: self.email,
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
    ...REPORT_FIELD_VALUES,
    ...PATH_WORDS,
    // A deletion confirmed by the name of what it deletes.
    confirm: Object.values(targets)[0]?.name,
  };
  if (names.has('refresh')) values.refresh = (await world.login(self.email)).refresh ?? undefined;
  if (names.has('token')) values.token = (await world.resetToken(self.email)) ?? undefined;
  if (names.has('code')) Object.assign(values, await world.secondFactor(self, secondFactorPurpose(op.path)));
  const hints: Hints = {
    id: (kind: Kind | null) => (kind ? world.attacker.ids[kind][0]! : crypto.randomUUID()),
    field: (name) => values[name],
  };
  const call = baseCall(op, hints);
  for (const [name, target] of Object.entries(targets)) call.path[name] = target.id;
  return { token: op.secured ? self.token : null, call };
}

/**
 * Every operation, as a principal allowed to call it on the attacker tenant's own objects: its
 * valid call (which must succeed for the fuzzing to mean anything), then each hostile variant.
 */
export async function fuzzOperations(world: World, ops: Operation[]): Promise<FuzzResult> {
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
      role = 'super';
      valid = await setUp(world, op, role, []);
      res = await call(op, valid.token, valid.call);
    }
    const principal = role === 'super' ? 'super admin' : op.secured ? 'owner' : 'anonymous';
    result.happy.push({ operation: op.key, principal, status: res.statusCode, body: shortBody(res) });
    if (res.statusCode >= 500)
      result.findings.push({ check: '5xx', operation: op.key, who: `${principal}: valid call`, status: res.statusCode, body: shortBody(res) });

    // The variants on a user and objects of their own, so the valid call above cannot have used them up.
    let { token, call: base } = await setUp(world, op, role, []);
    // Invalid variants first: one the server rightly takes (an unknown query parameter on a
    // deletion) would otherwise leave the invalid ones a 404 that hides whether they were refused.
    const variants = variantsOf(op, base).sort((a, b) => Number(b.invalid) - Number(a.invalid));
    result.sent.set(op.key, variants.length);
    const mutating = op.method !== 'GET' && op.method !== 'HEAD';
    for (const v of variants) {
      const res = await call(op, token, v.make(base));
      if (mutating && ok(res.statusCode)) {
        // A change that went through may have used up the user, the object or the one-time token:
        // the next variants get new ones, so a refusal is never just a missing object.
        const next = await setUp(world, op, role, []);
        token = next.token;
        base = next.call;
      }
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
