import type { ComponentType, ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import type { Role, Session } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';
import { renderWithProviders } from './render';

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

/** Signs `role` in before each test of the block; clears the session and the fetch stub after. */
export function signedInAs(role: Role) {
  beforeEach(() => signIn(role));
  afterEach(() => {
    // Unmounted first (this hook runs before the setup's cleanup): a page still mounted would read
    // again without a session, and that read could reach the next test's fake server.
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });
}

/** Renders a form that closes itself (an editor in a dialog) with a spy for its `onDone`. */
export function renderEditor<P extends { onDone: () => void }>(Editor: ComponentType<P>, props: Omit<P, 'onDone'>) {
  const onDone = vi.fn();
  const all = { ...props, onDone } as unknown as P;
  return { onDone, ...renderWithProviders(withQueryClient(<Editor {...all} />)) };
}
