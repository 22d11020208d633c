import type { UserQuery, UserQueryBody } from '@netloom/domain';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import { errors } from '../../http/errors';
import type { Principal } from '../../http/principal';
import * as repo from './repo';

function toApi(q: repo.StoredUserQuery): UserQuery {
  return {
    id: q.id,
    name: q.name,
    email: q.email,
    company: q.company,
    subject: q.subject,
    message: q.message,
    source: q.source as UserQuery['source'],
    context: q.context ?? null,
    status: q.status as UserQuery['status'],
    note: q.note,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}

/**
 * Questions from people the provider may not know yet: kept as they were sent, listed for super
 * admins, who move each along (new, in progress, answered, closed) with a note of their own.
 * Every change is audited; the question itself is never edited.
 */
export class UserQueryService {
  constructor(private readonly db: Db) {}

  async ask(body: UserQueryBody): Promise<Pick<UserQuery, 'id' | 'status'>> {
    const stored = await repo.insert(
      this.db,
      {
        id: crypto.randomUUID(),
        name: body.name,
        email: body.email,
        company: body.company || null,
        subject: body.subject,
        message: body.message,
        source: body.source,
        context: body.context && Object.keys(body.context).length ? body.context : null,
      },
      new Date(),
    );
    return { id: stored.id, status: stored.status as UserQuery['status'] };
  }

  async list(filter: repo.UserQueryFilter, page: { offset: number; limit: number | null }): Promise<{ rows: UserQuery[]; total: number }> {
    const { rows, total } = await repo.list(this.db, filter, page);
    return { rows: rows.map(toApi), total };
  }

  async update(by: Principal, ip: string, id: string, change: { status?: UserQuery['status']; note?: string }): Promise<UserQuery> {
    return this.db.transaction(async (tx) => {
      const row = await repo.update(tx, id, change, new Date());
      if (!row) throw errors.notFound();
      await recordAudit(tx, {
        tenantId: null,
        actorId: by.user.id,
        actorEmail: by.user.email,
        action: 'user_query.updated',
        target: row.subject,
        details: { id, ...(change.status ? { status: change.status } : {}), ...(change.note !== undefined ? { note_changed: true } : {}) },
        ip,
      });
      return toApi(row);
    });
  }
}
