/** A tenant user as `teams/users/` lists them, for tests; `over` replaces any field. */
export const teamUser = (email: string, over: Record<string, unknown> = {}) => ({
  id: email,
  email,
  username: email,
  first_name: email.split('@')[0]!,
  last_name: '',
  role: 'viewer',
  active: true,
  status: 'active',
  two_factor_enabled: false,
  last_login: null,
  devices: 1,
  created_at: '2025-01-01T00:00:00Z',
  ...over,
});

/** A team (user group) as `teams/groups/` lists them, for tests. */
export const teamGroup = (id: string, name: string) => ({ id, name, description: '', members: [], created_at: '2025-01-01T00:00:00Z' });
