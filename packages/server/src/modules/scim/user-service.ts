import {
  SCIM_SCHEMAS,
  pageOf,
  scimList,
  scimUserInputSchema,
  toScimUser,
  userFieldsOf,
  type ScimPatchBody,
  type ScimUser,
  type UserFields,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { audit } from '../../http/access';
import { revokeUserSessions, updateUser } from '../../identity/repo';
import { insertUser } from '../../identity/members-repo';
import type { ScimContext } from './context';
import { readFilter } from './filter';
import { applyPatch } from './patch';
import type { MembersPort, SessionsPort, ZtnaPort } from './ports';
import { ScimProblem } from './problem';
import * as repo from './repo';
import { parseScim } from './parse';

const USER_FILTERS = { id: 'id', userName: 'userName', externalId: 'externalId', 'emails.value': 'userName', emails: 'userName' } as const;

export interface ScimUserDeps {
  db: Db;
  sessions: SessionsPort;
  members: MembersPort;
  ztna: ZtnaPort;
}

/**
 * Users pushed by the identity provider. A person the provider deactivates (active false, or
 * deleted) loses the console at once (every session ends, open consoles close) and zero trust at
 * once (their endpoints' sections are rendered again without them); reactivation gives both back.
 */
export class ScimUserService {
  constructor(private readonly deps: ScimUserDeps) {}

  private get db() {
    return this.deps.db;
  }

  async list(ctx: ScimContext, query: { filter?: string; startIndex?: number; count?: number }) {
    const filter = readFilter(query.filter, USER_FILTERS);
    const page = pageOf(query);
    const { rows, total } = await repo.listUsers(this.db, ctx.caller.tenantId, filter, page);
    return scimList(
      rows.map((r) => toScimUser(r, ctx.base)),
      total,
      page.startIndex,
    );
  }

  private async member(ctx: ScimContext, id: string): Promise<repo.MemberView> {
    const row = await repo.findUser(this.db, ctx.caller.tenantId, id);
    if (!row) throw ScimProblem.notFound('User', id);
    return row;
  }

  async get(ctx: ScimContext, id: string): Promise<ScimUser> {
    return toScimUser(await this.member(ctx, id), ctx.base);
  }

  /** A new account of the organisation, with the token's role and no password: the provider signs its person in. */
  async create(ctx: ScimContext, body: unknown): Promise<ScimUser> {
    const fields = userFieldsOf(parseScim(scimUserInputSchema, body));
    const taken = () => ScimProblem.uniqueness(`userName ${fields.email} is taken`);
    if (await repo.emailTaken(this.db, fields.email)) throw taken();
    const id = crypto.randomUUID();
    const active = fields.active ?? true;
    try {
      await this.db.transaction(async (tx) => {
        await insertUser(
          tx,
          {
            id,
            email: fields.email,
            username: fields.email,
            firstName: fields.firstName,
            lastName: fields.lastName,
            companyName: ctx.caller.tenantName,
            passwordHash: null,
            active,
          },
          { tenantId: ctx.caller.tenantId, role: ctx.caller.defaultRole },
        );
        await repo.saveScimUser(tx, ctx.caller.tenantId, id, { externalId: fields.externalId, provisioned: true });
        await audit(tx, ctx.actor, 'user.provisioned', fields.email, { role: ctx.caller.defaultRole, active, external_id: fields.externalId });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
    return this.get(ctx, id);
  }

  async replace(ctx: ScimContext, id: string, body: unknown): Promise<ScimUser> {
    const before = await this.member(ctx, id);
    return this.write(ctx, before, userFieldsOf(parseScim(scimUserInputSchema, body)));
  }

  async patch(ctx: ScimContext, id: string, body: ScimPatchBody): Promise<ScimUser> {
    const before = await this.member(ctx, id);
    const patched = applyPatch(toScimUser(before, ctx.base), body, SCIM_SCHEMAS.user);
    const fields = userFieldsOf(parseScim(scimUserInputSchema, patched));
    return this.write(ctx, before, fields);
  }

  /** A deletion at the provider: the person leaves the organisation (the account too, when it belongs to no other). */
  async remove(ctx: ScimContext, id: string): Promise<void> {
    const before = await this.member(ctx, id);
    await this.deps.members.removeProvisioned(ctx.actor, before.id);
    await this.deps.sessions.userChanged(before.id);
    await this.deps.ztna.usersChanged(ctx.actor, [before.email], `${before.email} was removed by the identity provider`);
  }

  private async write(ctx: ScimContext, before: repo.MemberView, fields: UserFields): Promise<ScimUser> {
    const active = fields.active ?? before.active;
    const emailChanged = fields.email !== before.email.toLowerCase();
    if (emailChanged && (await repo.emailTaken(this.db, fields.email, before.id))) throw ScimProblem.uniqueness(`userName ${fields.email} is taken`);
    if (before.active && !active && before.role === 'owner' && (await repo.otherActiveOwners(this.db, ctx.caller.tenantId, before.id)) === 0) {
      throw ScimProblem.mutability("The organisation's last active owner cannot be deactivated");
    }
    const changes = {
      ...(emailChanged ? { email: fields.email, username: fields.email } : {}),
      ...(fields.firstName !== before.firstName ? { firstName: fields.firstName } : {}),
      ...(fields.lastName !== before.lastName ? { lastName: fields.lastName } : {}),
      ...(active !== before.active ? { active } : {}),
    };
    try {
      await this.db.transaction(async (tx) => {
        if (Object.keys(changes).length) await updateUser(tx, before.id, changes);
        // Deactivated: every session ends in the same transaction (see revokeUserSessions).
        if (!active && before.active) await revokeUserSessions(tx, before.id);
        // Any write links the account to the provider (its team status, invitations and activation follow that).
        await repo.saveScimUser(tx, ctx.caller.tenantId, before.id, { externalId: fields.externalId });
        if (active !== before.active)
          await audit(tx, ctx.actor, active ? 'user.activated' : 'user.deactivated', before.email, { before: { active: before.active }, after: { active } });
        const { active: _a, ...rest } = changes;
        if (Object.keys(rest).length) await audit(tx, ctx.actor, 'user.updated', before.email, { after: rest });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw ScimProblem.uniqueness(`userName ${fields.email} is taken`);
      throw e;
    }
    if (Object.keys(changes).length) {
      // Cached principals go and open consoles are checked again, on every instance, before the answer.
      await this.deps.sessions.userChanged(before.id);
      if ('active' in changes || emailChanged) {
        const message = `${before.email} was ${active ? 'activated' : 'deactivated'} by the identity provider`;
        await this.deps.ztna.usersChanged(ctx.actor, [before.email, fields.email], message);
      }
    }
    return this.get(ctx, before.id);
  }
}
