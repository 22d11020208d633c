import {
  SCIM_SCHEMAS,
  TEAM_MESSAGES,
  pageOf,
  scimGroupInputSchema,
  scimList,
  toScimGroup,
  type ScimGroup,
  type ScimGroupView,
  type ScimPatchBody,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ScimContext } from './context';
import { readFilter } from './filter';
import { applyPatch } from './patch';
import type { GroupsPort, ZtnaPort } from './ports';
import { ScimProblem } from './problem';
import * as repo from './repo';
import { parseScim } from './parse';

const GROUP_FILTERS = { id: 'id', displayName: 'displayName', externalId: 'externalId' } as const;

export interface ScimGroupDeps {
  db: Db;
  groups: GroupsPort;
  ztna: ZtnaPort;
}

/** The groups module's refusals in SCIM's words: a taken name is a uniqueness conflict, the rest invalid values. */
async function asScim<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (e.status === 404) throw new ScimProblem(404, 'Group not found');
    const fields = Object.values(e.errors ?? {}).flat();
    if (fields.includes(TEAM_MESSAGES.groupNameTaken)) throw ScimProblem.uniqueness('displayName is taken');
    throw ScimProblem.invalidValue(fields[0] ?? e.message);
  }
}

/**
 * The provider's groups are the organisation's groups (Teams → Groups): the ones zero-trust
 * policies name, so a member the provider adds or removes gains or loses that access at once.
 */
export class ScimGroupService {
  constructor(private readonly deps: ScimGroupDeps) {}

  private get db() {
    return this.deps.db;
  }

  async list(ctx: ScimContext, query: { filter?: string; startIndex?: number; count?: number; excludedAttributes?: string }) {
    const filter = readFilter(query.filter, GROUP_FILTERS);
    const page = pageOf(query);
    // Entra asks for groups without their members (excludedAttributes=members) to find one by name.
    const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes ?? '');
    const { rows, total } = await repo.listGroups(this.db, ctx.caller.tenantId, filter, page, withMembers);
    return scimList(
      rows.map((g) => {
        const group = toScimGroup(g, ctx.base);
        if (withMembers) return group;
        const { members: _m, ...rest } = group;
        return rest;
      }),
      total,
      page.startIndex,
    );
  }

  private async find(ctx: ScimContext, id: string) {
    const group = await repo.findGroup(this.db, ctx.caller.tenantId, id);
    if (!group) throw ScimProblem.notFound('Group', id);
    return group;
  }

  async get(ctx: ScimContext, id: string): Promise<ScimGroup> {
    return toScimGroup(await this.find(ctx, id), ctx.base);
  }

  /** Members are the organisation's users, by id; any other id is refused and nothing is made. */
  private async memberIds(ctx: ScimContext, members: { value: string }[] | null | undefined): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const { value } of members ?? []) {
      const user = await repo.findUser(this.db, ctx.caller.tenantId, value);
      if (!user) throw ScimProblem.invalidValue(`members: ${value.slice(0, 100)} is not a user of the organisation`);
      out.set(user.id, user.email);
    }
    return out;
  }

  async create(ctx: ScimContext, body: unknown): Promise<ScimGroup> {
    const input = parseScim(scimGroupInputSchema, body);
    const members = await this.memberIds(ctx, input.members);
    const group = await asScim(() => this.deps.groups.create(ctx.actor, { name: input.displayName, description: '', user_ids: [...members.keys()] }));
    await repo.saveScimGroup(this.db, ctx.caller.tenantId, group.id, input.externalId ?? null);
    await this.accessChanged(ctx, [...members.values()], input.displayName);
    return this.get(ctx, group.id);
  }

  async replace(ctx: ScimContext, id: string, body: unknown): Promise<ScimGroup> {
    const before = await this.find(ctx, id);
    return this.write(ctx, before, parseScim(scimGroupInputSchema, body));
  }

  async patch(ctx: ScimContext, id: string, body: ScimPatchBody): Promise<ScimGroup> {
    const before = await this.find(ctx, id);
    const patched = applyPatch(toScimGroup(before, ctx.base), body, SCIM_SCHEMAS.group);
    return this.write(ctx, before, parseScim(scimGroupInputSchema, patched));
  }

  async remove(ctx: ScimContext, id: string): Promise<void> {
    const before = await this.find(ctx, id);
    await asScim(() => this.deps.groups.remove(ctx.actor, before.id));
    await this.accessChanged(
      ctx,
      before.members.map((m) => m.email),
      before.name,
    );
  }

  private async write(
    ctx: ScimContext,
    before: ScimGroupView,
    input: { displayName: string; externalId?: string | null; members?: { value: string }[] | null },
  ) {
    // Checked before anything is written: a refused member changes neither the name nor the members.
    const members = await this.memberIds(ctx, input.members);
    if (input.displayName !== before.name) await asScim(() => this.deps.groups.update(ctx.actor, before.id, { name: input.displayName }));
    const externalId = input.externalId ?? null;
    if (externalId !== before.externalId) await repo.saveScimGroup(this.db, ctx.caller.tenantId, before.id, externalId);
    const had = new Map(before.members.map((m) => [m.id, m.email]));
    const moved = [...members.entries()].filter(([id]) => !had.has(id)).concat([...had.entries()].filter(([id]) => !members.has(id)));
    if (moved.length) {
      // The group's held invitations are the console's, not the provider's: they stay.
      const current = await asScim(() => this.deps.groups.get(ctx.actor, before.id));
      const held = current.members.filter((m) => !had.has(m.id)).map((m) => m.id);
      await asScim(() => this.deps.groups.setMembers(ctx.actor, before.id, [...members.keys(), ...held]));
      await this.accessChanged(
        ctx,
        moved.map(([, email]) => email),
        input.displayName,
      );
    }
    return this.get(ctx, before.id);
  }

  private accessChanged(ctx: ScimContext, emails: string[], group: string): Promise<void> {
    if (emails.length === 0) return Promise.resolve();
    return this.deps.ztna.usersChanged(ctx.actor, emails, `Members of ${group} changed by the identity provider`);
  }
}
