import { urlOf, type Call } from './generate';
import { tenantSelectors, type Operation } from './openapi';
import { shortBody, Tally, type Exclusion, type Finding } from './findings';
import { callWith, shapesOf } from './cross-tenant-shapes';
import type { Plan } from './plan';
import { send } from './world/requests';
import type { Principal, Side, World } from './world/types';

export interface CrossTenantResult {
  byPrincipal: Map<string, Tally>;
  findings: Finding[];
  exclusions: Exclusion[];
  /** Second requests that compared a 2xx naming a victim id with the answer for an id that exists nowhere. */
  followUps: number;
  /** 2xx answers that were the same as for an id that exists nowhere: nothing of the victim in them. */
  sameAsNowhere: number;
  /** Reads in which the victim's own owner sees a canary: the planted data is really there. */
  canariesVisibleToVictim: number;
  /** Operation → principals that called it. */
  exercised: Map<string, Set<string>>;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})?/g;
const normalised = (body: string) => body.replace(UUID, 'ID').replace(TIME, 'T');

/** The call with each of the victim's ids replaced by one that exists nowhere. */
function nowhereTwin(call: Call, victim: Side): Call {
  let text = JSON.stringify(call);
  for (const id of Object.values(victim.ids).flat()) text = text.split(id).join(crypto.randomUUID());
  return JSON.parse(text) as Call;
}

// Fields that change on their own (a device going offline, a login being recorded).
const VOLATILE = /(_at|At|time|Time|seen|Seen|status|Status|login|Login|online|Online|uptime|ago|age_s|count|Count|latency|loss|bytes|next|previous|health)$/;

/** What the victim's owner sees through every read of the document: each field as key=value, sorted. */
async function victimView(world: World, ops: Operation[]): Promise<Map<string, string[]>> {
  const view = new Map<string, string[]>();
  for (const op of ops.filter((o) => o.method === 'GET' && o.secured)) {
    const call = callWith(op, { selector: world.victim, path: world.victim, body: world.victim });
    const res = await send(world.t.app, op.method, urlOf(op, call), world.victimToken, undefined);
    world.conformance.check(op, res, 'victim owner: own data');
    const facts: string[] = [`status=${res.statusCode}`];
    const walk = (v: unknown, key: string) => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, key));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
      else if (!VOLATILE.test(key) && !(typeof v === 'string' && TIME.test(v))) facts.push(`${key}=${String(v)}`);
      TIME.lastIndex = 0;
    };
    try {
      walk(res.json(), '');
    } catch {
      facts.push(`body=${normalised(res.body)}`);
    }
    view.set(op.key, facts.sort());
  }
  return view;
}

/**
 * Every operation × every principal, aimed at the victim's ids by the request shapes the plan
 * chose; counts what got through and what leaked. Tenant users, outsiders and forged tokens go
 * first, and the victim's data must read the same after them; super admins, who may change the
 * victim, go last.
 */
export async function probeCrossTenant(world: World, ops: Operation[], plan: Plan): Promise<CrossTenantResult> {
  const result: CrossTenantResult = {
    byPrincipal: new Map(),
    findings: [],
    exclusions: [],
    followUps: 0,
    sameAsNowhere: 0,
    canariesVisibleToVictim: 0,
    exercised: new Map(),
  };
  // Reads first, deletions last, so an allowed change cannot hide a later leak.
  const order = (op: Operation) => (op.method === 'GET' || op.method === 'HEAD' ? 0 : op.method === 'DELETE' ? 2 : 1);
  const sorted = [...ops].sort((a, b) => order(a) - order(b));
  const before = await victimView(world, ops);
  result.canariesVisibleToVictim = [...before.values()].filter((facts) => facts.some((f) => f.includes(world.marker))).length;
  for (const pass of [world.principals.filter((p) => !p.isSuperAdmin), world.principals.filter((p) => p.isSuperAdmin)]) {
    for (const op of sorted) {
      for (const who of pass) await probe(world, op, who, plan.shapes.get(op.key)?.get(who.name) ?? new Set(), result);
    }
    if (pass[0]?.isSuperAdmin) continue;
    const after = await victimView(world, ops);
    for (const [key, facts] of before) {
      const now = after.get(key) ?? [];
      const gone = facts.filter((f) => !now.includes(f));
      const added = now.filter((f) => !facts.includes(f));
      if (gone.length || added.length) {
        result.findings.push({
          check: 'victim data changed',
          operation: key,
          who: 'read by the victim owner after every non-super-admin probe',
          status: 0,
          body: `gone: ${gone.slice(0, 5).join(', ')}; new: ${added.slice(0, 5).join(', ')}`,
        });
      }
    }
  }
  return result;
}

async function probe(world: World, op: Operation, who: Principal, chosen: Set<number>, result: CrossTenantResult): Promise<void> {
  const selectors = tenantSelectors(op);
  const namesNoTenant = selectors.query.length + selectors.body.length === 0;
  const tally = result.byPrincipal.get(who.name) ?? new Tally();
  result.byPrincipal.set(who.name, tally);
  for (const shape of shapesOf(op, who, world).filter((_, index) => chosen.has(index))) {
    const res = await send(world.t.app, op.method, urlOf(op, shape.call), who.token, shape.call.body);
    world.conformance.check(op, res, `${who.name}, ${shape.label}`);
    tally.requests++;
    const exercised = result.exercised.get(op.key) ?? new Set<string>();
    exercised.add(who.name);
    result.exercised.set(op.key, exercised);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    const leaked = res.body.includes(world.marker);
    const label = `${who.name}, ${shape.label}`;
    const finding = (check: Finding['check']) => {
      tally.add(check);
      result.findings.push({ check, operation: op.key, who: label, status: res.statusCode, body: shortBody(res) });
    };
    if (res.statusCode >= 500) finding('5xx');
    if (ok && op.secured && !who.authentic) finding('unauthenticated 2xx');
    // What a super admin may reach: a tenant they select themselves, and the provider's own
    // routes, which name no tenant because they span all of them (tenant list, customers, one tenant by id).
    const exclusion =
      who.isSuperAdmin && shape.selectsVictim
        ? 'a super admin selecting the victim tenant may act in it'
        : who.isSuperAdmin && namesNoTenant && op.secured
          ? 'a provider route (names no tenant): a super admin reaches every tenant through it'
          : null;
    if (!(ok && shape.namesVictim) && !leaked) continue;
    if (exclusion) {
      tally.excluded++;
      result.exclusions.push({ operation: op.key, who: label, status: res.statusCode, reason: exclusion });
      continue;
    }
    if (leaked) finding('canary');
    if (ok && shape.namesVictim) {
      // A 2xx is access only if it tells the victim's id from one that exists nowhere (an empty
      // list filtered by a foreign group is the same answer as for a group nobody has).
      const twin = nowhereTwin(shape.call, world.victim);
      const other = await send(world.t.app, op.method, urlOf(op, twin), who.token, twin.body);
      world.conformance.check(op, other, `${label}, ids that exist nowhere`);
      tally.requests++;
      result.followUps++;
      if (other.statusCode === res.statusCode && normalised(other.body) === normalised(res.body)) result.sameAsNowhere++;
      else finding('cross-tenant 2xx');
    }
  }
}
