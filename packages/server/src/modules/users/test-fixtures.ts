import { eq } from 'drizzle-orm';
import type { Role } from '@netloom/domain';
import type { Db } from '../../db/client';
import { memberships, userGroups, users } from '../../db/schema/index';
import { hashPassword } from '../../identity/passwords';

let n = 0;
let hash: string | null = null;

/** A member inserted straight into the database; `pending` has no password yet (invited). */
export async function addMember(
  db: Db,
  tenantId: string,
  role: Role,
  opts: { active?: boolean; pending?: boolean; email?: string } = {},
): Promise<{ id: string; email: string }> {
  n += 1;
  hash ??= await hashPassword('netloom-demo');
  const id = crypto.randomUUID();
  const email = opts.email ?? `member-${n}-${id.slice(0, 6)}@fixture.test`;
  await db.insert(users).values({
    id,
    email,
    username: email,
    passwordHash: opts.pending ? null : hash,
    active: opts.pending ? false : (opts.active ?? true),
  });
  await db.insert(memberships).values({ userId: id, tenantId, role });
  return { id, email };
}

export async function addGroup(db: Db, tenantId: string, name = `group-${++n}`): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(userGroups).values({ id, tenantId, name });
  return id;
}

export async function userByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The activation token of the last e-mail sent to `to`. */
export function activationToken(outbox: readonly { to: string; text: string }[], to: string): string {
  const mail = [...outbox].reverse().find((m) => m.to === to);
  const token = mail?.text.match(/activate\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no activation mail for ${to}`);
  return token;
}
