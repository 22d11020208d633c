import { describe, expect, it } from 'vitest';
import { canManageTenant, canReadConsole, canWriteConfig, hasRole, ROLES } from './roles';

const as = (role: (typeof ROLES)[number] | null, isSuperAdmin = false) => ({ role, isSuperAdmin });

describe('roles', () => {
  it('lets viewers read, editors and up write, owners and admins manage', () => {
    expect(ROLES.filter((r) => canReadConsole(as(r)))).toEqual(['owner', 'admin', 'editor', 'viewer']);
    expect(ROLES.filter((r) => canWriteConfig(as(r)))).toEqual(['owner', 'admin', 'editor']);
    expect(ROLES.filter((r) => canManageTenant(as(r)))).toEqual(['owner', 'admin']);
  });

  it('passes a super admin through every role check, with or without a role', () => {
    expect(hasRole(as(null, true), ['owner'])).toBe(true);
    expect(hasRole(as(null), ['owner'])).toBe(false);
  });
});
