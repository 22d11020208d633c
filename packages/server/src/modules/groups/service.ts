import type { z } from 'zod';
import { TEAM_MESSAGES, type Group, type groupCreateBodySchema, type groupUpdateBodySchema } from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import * as repo from './repo';

type CreateBody = z.output<typeof groupCreateBodySchema>;
type UpdateBody = z.output<typeof groupUpdateBodySchema>;

const nameTaken = () => errors.invalid({ name: [TEAM_MESSAGES.groupNameTaken] });

/** Names are unique per tenant: the database's unique index decides, a clash answers under the name field. */
async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw isUniqueViolation(e) ? nameTaken() : e;
  }
}

/** Teams → Groups: user groups of a tenant (policies name them); members are the tenant's users and held invitations. */
export class GroupService {
  constructor(private readonly db: Db) {}

  list(actor: Actor, search: string | undefined, page: { offset: number; limit: number | null }): Promise<{ rows: Group[]; total: number }> {
    return repo.listGroups(this.db, actor.scope.tenantId, search, page);
  }

  /** One group with its members (users and held invitations). */
  async get(actor: Actor, id: string): Promise<Group> {
    return repo.groupDto(this.db, await this.find(actor, id));
  }

  private async find(actor: Actor, id: string): Promise<repo.GroupRow> {
    const row = await repo.findGroup(this.db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return row;
  }

  private async assertMembers(actor: Actor, userIds: string[]): Promise<void> {
    if ((await repo.strangers(this.db, actor.scope.tenantId, userIds)).length) throw errors.invalid({ user_ids: [TEAM_MESSAGES.notMembers] });
  }

  async create(actor: Actor, body: CreateBody): Promise<Group> {
    const userIds = [...new Set(body.user_ids)];
    await this.assertMembers(actor, userIds);
    const id = crypto.randomUUID();
    await unique(() =>
      this.db.transaction(async (tx) => {
        await repo.insertGroup(tx, { id, tenantId: actor.scope.tenantId, name: body.name, description: body.description }, userIds);
        await audit(tx, actor, 'group.created', body.name, { members: userIds.length });
      }),
    );
    return repo.groupDto(this.db, await this.find(actor, id));
  }

  async update(actor: Actor, id: string, body: UpdateBody): Promise<Group> {
    const before = await this.find(actor, id);
    await unique(() =>
      this.db.transaction(async (tx) => {
        await repo.updateGroup(tx, before.id, body);
        await audit(tx, actor, 'group.updated', before.name, { before: { name: before.name, description: before.description }, after: body });
      }),
    );
    return repo.groupDto(this.db, await this.find(actor, before.id));
  }

  /** The group goes; its users stay members of the tenant. */
  async remove(actor: Actor, id: string): Promise<void> {
    const row = await this.find(actor, id);
    await this.db.transaction(async (tx) => {
      await repo.deleteGroup(tx, row.id);
      await audit(tx, actor, 'group.deleted', row.name);
    });
  }

  /** The members become exactly `ids`; the audit row names them by address, before and after. */
  async setMembers(actor: Actor, id: string, ids: string[]): Promise<Group> {
    const row = await this.find(actor, id);
    const userIds = [...new Set(ids)];
    await this.assertMembers(actor, userIds);
    const before = await repo.groupDto(this.db, row);
    return this.db.transaction(async (tx) => {
      await repo.replaceMembers(tx, actor.scope.tenantId, row.id, userIds);
      const after = await repo.groupDto(tx, row);
      await audit(tx, actor, 'group.members_changed', row.name, {
        before: { members: before.members.map((m) => m.email) },
        after: { members: after.members.map((m) => m.email) },
      });
      return after;
    });
  }

  /**
   * Single sign-on's group mappings move one user in and out of the tenant's groups on sign-in, in
   * the caller's transaction (which writes the audit row).
   */
  async changeMemberships(tx: Db, tenantId: string, userId: string, changes: { add: string[]; remove: string[] }): Promise<void> {
    await repo.changeUserGroups(tx, tenantId, userId, changes);
  }
}
