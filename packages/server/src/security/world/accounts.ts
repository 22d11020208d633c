import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import type { Role } from '@netloom/domain';
import { memberships, users } from '../../db/schema/index';
import { DEMO_PASSWORD, type TestApp } from '../../test/build';
import { send } from './requests';
import type { SecondFactorPurpose, World } from './types';

export interface Names {
  first?: string;
  last?: string;
  email?: string;
}

/**
 * The world's people: the demo users' sessions, and new users made straight in the database with
 * the demo password (a registration per user would add minutes and hit the per-address limits).
 */
export async function accounts(t: TestApp) {
  const { app } = t;
  const db = app.services.db;
  const [template] = await db.select().from(users).where(eq(users.email, 'owner@acme.test'));
  const passwordHash = template!.passwordHash!;

  const userId = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  const login: World['login'] = async (email) => {
    const res = await send(app, 'POST', '/api/v1/auth/login/', null, { username: email, password: DEMO_PASSWORD });
    if (res.statusCode !== 200) throw new Error(`fixture: login ${email}: ${res.statusCode} ${res.body}`);
    const s = res.json() as { access: string; refresh?: string };
    return { access: s.access, refresh: s.refresh ?? null };
  };

  const insertUser = async (role: Role | 'super', tenantId: string | null, names: Names = {}) => {
    const id = crypto.randomUUID();
    const email = names.email ?? `u${randomBytes(5).toString('hex')}@example.test`;
    await db.insert(users).values({
      id,
      email,
      username: email,
      firstName: names.first ?? 'Fresh',
      lastName: names.last ?? 'User',
      companyName: '',
      passwordHash,
      isSuperAdmin: role === 'super',
      active: true,
    });
    if (role !== 'super' && tenantId) await db.insert(memberships).values({ userId: id, tenantId, role });
    return { id, email };
  };

  /** A new user with a real session from the session service, without the password check's deliberate cost (argon2 per call adds minutes to the suite). */
  const freshUser = async (role: Role | 'super', tenantId: string) => {
    const u = await insertUser(role, role === 'super' ? null : tenantId);
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    const session = await app.services.sessions.start(row!, false, { ip: '127.0.0.1', userAgent: null }, 'password');
    return { ...u, token: session.access };
  };

  const secondFactor = async (user: { email: string; token: string }, purpose: SecondFactorPurpose) => {
    const setup = await send(app, 'POST', '/api/v1/auth/2fa/setup/', user.token, {});
    const code = generateSync({ secret: (setup.json() as { secret: string }).secret });
    if (purpose === 'enable') return { code };
    const enabled = await send(app, 'POST', '/api/v1/auth/2fa/enable/', user.token, { code });
    const [recovery] = (enabled.json() as { recovery_codes: string[] }).recovery_codes;
    if (purpose === 'disable') return { code: recovery! };
    const challenge = await send(app, 'POST', '/api/v1/auth/login/', null, { username: user.email, password: DEMO_PASSWORD });
    return { code: recovery!, ephemeral_token: (challenge.json() as { ephemeral_token: string }).ephemeral_token };
  };

  const resetToken = async (email: string) => {
    await send(app, 'POST', '/api/v1/auth/password/reset/', null, { email });
    const mail = [...app.mailer.outbox].reverse().find((m) => m.to === email);
    return mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? null;
  };

  return { userId, login, insertUser, freshUser, secondFactor, resetToken };
}

export type Accounts = Awaited<ReturnType<typeof accounts>>;

/** The demo users the principals act as, each signed in once. */
const DEMO_USERS = [
  'super@demo.test',
  'owner@acme.test',
  'admin@acme.test',
  'editor@acme.test',
  'viewer@acme.test',
  'guest@acme.test',
  'owner@globex.test',
] as const;

export type Sessions = Record<(typeof DEMO_USERS)[number], string>;

export async function signIn(people: Accounts): Promise<Sessions> {
  const sessions: Partial<Sessions> = {};
  for (const email of DEMO_USERS) sessions[email] = (await people.login(email)).access;
  return sessions as Sessions;
}
