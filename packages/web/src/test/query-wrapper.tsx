import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Role, Session } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';

/** A fresh query cache per test, with the console's no-retry default. */
export function withQueryClient(ui: ReactElement): ReactElement {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

/** Signs a tenant user with this role in, as the session store would after a login. */
export function signIn(role: Role, overrides: Partial<Session['user']> = {}) {
  sessionStore.start({
    access: 'access',
    access_expires_at: new Date(Date.now() + 600_000).toISOString(),
    remember: false,
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      email: `${role}@acme.test`,
      username: `${role}@acme.test`,
      firstName: 'Test',
      lastName: role,
      companyName: 'Acme',
      timezone: null,
      isSuperAdmin: false,
      twoFactorEnabled: false,
      tenantId: '00000000-0000-4000-8000-00000000000a',
      tenantName: 'Acme',
      role,
      ...overrides,
    },
  });
}

export const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
