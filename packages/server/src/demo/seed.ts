import { DEFAULT_TENANT_SETTINGS, webFilterPolicySchema, type Role, type WebFilterPolicy } from '@netloom/domain';
import type { Db } from '../db/client';
import { userCount } from './repo';
import { hashPassword } from '../identity/passwords';
import { insertTenant } from '../identity/repo';
import { insertUser } from '../identity/members-repo';
import { seedWebFilter } from '../modules/web-filter/index';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  tenant: 'acme' | 'globex' | null;
  role: Role | null;
  isSuperAdmin?: boolean;
  isSupportEngineer?: boolean;
}

/** The demo logins every client can try (README and start-up log list them). */
const DEMO_USERS: readonly DemoUser[] = [
  { email: 'super@demo.test', firstName: 'Sam', lastName: 'Operator', tenant: null, role: null, isSuperAdmin: true },
  { email: 'support@demo.test', firstName: 'Sue', lastName: 'Support', tenant: null, role: null, isSupportEngineer: true },
  { email: 'owner@acme.test', firstName: 'Olivia', lastName: 'Owner', tenant: 'acme', role: 'owner' },
  { email: 'admin@acme.test', firstName: 'Adam', lastName: 'Admin', tenant: 'acme', role: 'admin' },
  { email: 'editor@acme.test', firstName: 'Edith', lastName: 'Editor', tenant: 'acme', role: 'editor' },
  { email: 'viewer@acme.test', firstName: 'Victor', lastName: 'Viewer', tenant: 'acme', role: 'viewer' },
  { email: 'guest@acme.test', firstName: 'Grace', lastName: 'Guest', tenant: 'acme', role: 'guest-user' },
  { email: 'owner@globex.test', firstName: 'Gustav', lastName: 'Globex', tenant: 'globex', role: 'owner' },
];

const DEMO_TENANTS = {
  acme: { name: 'Acme', subscriptions: ['sdwan', 'ztna', 'qshield', 'rum', 'dem'] },
  globex: { name: 'Globex', subscriptions: ['ztna'] },
} as const;

/** The demo organisations' web filter: threats blocked for everyone, social media off in office hours, streaming logged (ids are given per organisation when inserted). */
const DEMO_WEB_FILTER: WebFilterPolicy[] = [
  { name: 'Block threats', applies_to: { everyone: true }, blocked_categories: ['malware', 'phishing', 'crypto-mining', 'hacking'] },
  {
    name: 'No social media at work',
    applies_to: { everyone: true },
    blocked_categories: ['social-networking'],
    schedule: { time_zone: 'Asia/Kolkata', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00' }] },
  },
  { name: 'Watch streaming', action: 'log', applies_to: { everyone: true }, blocked_categories: ['streaming-media', 'gambling'] },
].map((p, i) => webFilterPolicySchema.parse({ ...p, id: '00000000-0000-0000-0000-000000000000', order: i + 1 }));

/** Seeds the demo only into an empty database, so a restart never duplicates or resets anything. */
export async function seedDemo(db: Db, password: string, opts: { usageGraphs?: boolean; webFilter?: boolean } = {}): Promise<boolean> {
  if ((await userCount(db)) > 0) return false;
  const passwordHash = await hashPassword(password);
  const tenantIds = { acme: crypto.randomUUID(), globex: crypto.randomUUID() };
  await db.transaction(async (tx) => {
    for (const [key, t] of Object.entries(DEMO_TENANTS)) {
      await insertTenant(
        tx,
        {
          id: tenantIds[key as keyof typeof tenantIds],
          name: t.name,
          subscriptions: [...t.subscriptions],
          // With the demo fleet, whose devices export flows and URL events, the dashboards show their graphs from the start:
          // usage graphs, and on Globex (ZTNA only) the web filter's instead (spec 000 §2.7: one or the other).
          ...(opts.usageGraphs ? { settings: { dashboard: { ...DEFAULT_TENANT_SETTINGS.dashboard, netflow: true, url_stats: key === 'globex' } } } : {}),
        },
        null,
      );
      // On, letting through what no policy blocks; devices get it as they enrol.
      if (opts.webFilter) await seedWebFilter(tx, tenantIds[key as keyof typeof tenantIds], { status: true, defaultActionBlocked: false }, DEMO_WEB_FILTER);
    }
    for (const u of DEMO_USERS) {
      const id = crypto.randomUUID();
      const membership = u.tenant && u.role ? { tenantId: tenantIds[u.tenant], role: u.role } : null;
      await insertUser(
        tx,
        {
          id,
          email: u.email,
          username: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          companyName: u.tenant ? DEMO_TENANTS[u.tenant].name : 'Netloom',
          passwordHash,
          isSuperAdmin: u.isSuperAdmin ?? false,
          isSupportEngineer: u.isSupportEngineer ?? false,
          active: true,
        },
        membership,
      );
    }
  });
  return true;
}

export function demoLoginsText(password: string): string {
  const rows = DEMO_USERS.map(
    (u) =>
      `  ${u.email.padEnd(20)} ${u.isSuperAdmin ? 'super admin' : u.isSupportEngineer ? 'support engineer' : `${u.role} @ ${u.tenant === 'acme' ? 'Acme' : 'Globex'}`}`,
  );
  return `Demo logins (password: ${password}):\n${rows.join('\n')}`;
}
