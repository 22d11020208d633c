import { ERROR_CODES } from '@netloom/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, errors } from '../../http/errors';
import { ownedIds, type OwnedQuery } from './repo';

/** A reference to something that is not the organisation's: the request is well-formed, what it names is not there (422). */
export const unprocessable = (fields: Record<string, string[]>) => new AppError(422, ERROR_CODES.validation, 'Invalid input.', fields);

const MESSAGES: Record<keyof OwnedQuery, string> = {
  groups: 'No such group in this organisation',
  endpoints: 'No such endpoint in this organisation',
  gateways: 'No such gateway in this organisation',
  servers: 'No such server in this organisation',
  relays: 'No such relay in this organisation',
  securityGroups: 'No such security group in this organisation',
};

/**
 * Every id a write names must be the tenant's own: each one that is not is answered at its field
 * (`sources.groups.1`), all of them at once, and nothing is written.
 */
export async function checkReferences(
  db: Db,
  tenantId: string,
  /** `single`: the field holds the one id itself (`pairs.0.from`), not a list of them. */
  refs: { field: string; kind: keyof OwnedQuery; ids: readonly string[]; single?: boolean }[],
): Promise<void> {
  const query: OwnedQuery = {};
  for (const r of refs) query[r.kind] = [...(query[r.kind] ?? []), ...r.ids];
  const owned = await ownedIds(db, tenantId, query);
  const fields: Record<string, string[]> = {};
  for (const r of refs) {
    r.ids.forEach((id, i) => {
      if (!owned[r.kind].has(id)) fields[r.single ? r.field : `${r.field}.${i}`] = [MESSAGES[r.kind]];
    });
  }
  if (Object.keys(fields).length) throw unprocessable(fields);
}

/** A single id field (`server_id`), answered at the field itself. */
export const checkReference = (db: Db, tenantId: string, field: string, kind: keyof OwnedQuery, id: string): Promise<void> =>
  checkReferences(db, tenantId, [{ field, kind, ids: [id], single: true }]);

/** Names are unique per organisation, whatever their case: a taken one is a conflict at `name`. */
export async function uniqueName<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) {
      const message = `A ${what} with this name already exists.`;
      throw errors.conflict(message, { name: [message] });
    }
    throw e;
  }
}

/** Something still named elsewhere is not deleted: the answer says where, so the admin changes that first. */
export function refuseWhileUsed(what: string, users: { kind: string; name: string }[]): void {
  if (users.length === 0) return;
  const list = users
    .slice(0, 5)
    .map((u) => `${u.kind} '${u.name}'`)
    .join(', ');
  throw errors.conflict(`The ${what} is used by ${list}${users.length > 5 ? ` and ${users.length - 5} more` : ''}.`);
}
