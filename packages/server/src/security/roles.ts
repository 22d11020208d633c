import { BROWSING_DATA_ROLES } from '@netloom/domain';
import { urlOf } from './generate';
import type { Operation } from './openapi';
import { callWith } from './cross-tenant-shapes';
import { shortBody, Tally, type Finding } from './findings';
import { send } from './world/requests';
import type { Principal, World } from './world/types';

/** The matrix's principals by the role the document names: the attacker tenant's members, and the super admin acting in it. */
const ROLE_OF: Record<string, string> = {
  owner: 'owner',
  admin: 'admin',
  editor: 'editor',
  viewer: 'viewer',
  'guest-user': 'guest-user',
  'super admin in attacker tenant': 'super-admin',
};

/**
 * The routes that answer personal browsing data (what one person visited or reached), as the
 * suite knows them: each must carry the one guard, so that a route losing it fails here.
 */
const PERSONAL_BROWSING_DATA = [
  'POST /api/v1/{product}/netflow/flows/',
  'POST /api/v1/{product}/netflow/user-data/',
  'POST /api/v1/tenant/config/webfilter-global/webfilter-user/',
  'POST /api/v1/logs/webfilter-logs/',
  'POST /api/v1/logs/squid-logs/',
  'POST /api/v1/logs/ztna-session-logs/',
];
/** Who reads it: owners and admins, and a super admin acting in the tenant. */
const BROWSING_DATA_READERS = [...BROWSING_DATA_ROLES, 'super-admin'];

export interface RoleMatrixResult {
  /** Role → its requests and findings. */
  byRole: Map<string, Tally>;
  findings: Finding[];
  /** Operations whose document names the roles they let in. */
  declared: number;
  /** Refused roles whose call was refused as invalid (400) before its role was looked at. */
  invalidBeforeRole: number;
}

/**
 * The role matrix, generated from the document: every operation that names its roles (x-roles),
 * called on the caller's own tenant by each role it does not name, must answer 403; the routes
 * of personal browsing data must be marked and name exactly its readers, and answer each of them.
 */
export async function probeRoles(world: World, ops: Operation[]): Promise<RoleMatrixResult> {
  const result: RoleMatrixResult = { byRole: new Map(), findings: [], declared: 0, invalidBeforeRole: 0 };
  const matrix = world.principals.filter((p) => ROLE_OF[p.name]);
  const finding = (f: Finding, tally?: Tally) => {
    result.findings.push(f);
    tally?.add(f.check);
  };

  for (const key of PERSONAL_BROWSING_DATA) {
    const op = ops.find((o) => o.key === key);
    if (!op?.personalData) finding({ check: 'role rule', operation: key, who: 'document', status: 0, body: 'not marked x-personal-data' });
  }
  for (const op of ops.filter((o) => o.personalData)) {
    if (JSON.stringify(op.roles) !== JSON.stringify(BROWSING_DATA_READERS))
      finding({ check: 'role rule', operation: op.key, who: 'document', status: 0, body: `x-roles ${JSON.stringify(op.roles)}` });
  }

  for (const op of ops.filter((o) => o.roles)) {
    result.declared++;
    for (const who of matrix) {
      const role = ROLE_OF[who.name]!;
      const allowed = op.roles!.includes(role);
      // Allowed roles are called by the fuzzing's valid call (the owner); personal browsing data by each of its readers here.
      if (allowed && !op.personalData) continue;
      const tally = result.byRole.get(role) ?? new Tally();
      result.byRole.set(role, tally);
      const res = await callAsMember(world, op, who);
      world.conformance.check(op, res, who.name);
      tally.requests++;
      const label = `${who.name}: ${allowed ? 'allowed' : 'not in x-roles'}`;
      const found = { operation: op.key, who: label, status: res.statusCode, body: shortBody(res) };
      if (allowed && (res.statusCode < 200 || res.statusCode >= 300)) finding({ check: 'role refused', ...found }, tally);
      else if (!allowed && res.statusCode === 400) result.invalidBeforeRole++;
      else if (!allowed && res.statusCode !== 403) finding({ check: 'role not refused', ...found }, tally);
    }
  }
  return result;
}

/** The operation on the caller's own tenant and objects: nothing but the role stands between the call and the handler. */
function callAsMember(world: World, op: Operation, who: Principal) {
  const call = callWith(op, { selector: who.isSuperAdmin ? world.attacker : null, path: world.attacker, body: world.attacker });
  return send(world.t.app, op.method, urlOf(op, call), who.token, call.body);
}
