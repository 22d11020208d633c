import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canChangeMember,
  canManageUsers,
  canReadLogs,
  canReadTeams,
  configPreferenceBodySchema,
  inviteBodySchema,
  isTimeZone,
  organisationBodySchema,
  profileBodySchema,
  tenantCreateBodySchema,
} from './organisations';
import { twoFactorLoginBodySchema } from './auth';

const as = (role: 'owner' | 'admin' | 'editor' | 'viewer' | 'guest-user' | null, isSuperAdmin = false) => ({ role, isSuperAdmin });

describe('organisation rules', () => {
  it('lets owners and admins manage users and read logs, every console role read teams', () => {
    expect(['owner', 'admin', 'editor', 'viewer', 'guest-user'].map((r) => canManageUsers(as(r as never)))).toEqual([true, true, false, false, false]);
    expect(['owner', 'admin', 'editor', 'viewer', 'guest-user'].map((r) => canReadLogs(as(r as never)))).toEqual([true, true, false, false, false]);
    expect(['owner', 'admin', 'editor', 'viewer', 'guest-user'].map((r) => canReadTeams(as(r as never)))).toEqual([true, true, true, true, false]);
    expect(canReadLogs(as(null, true))).toBe(true);
  });

  it('keeps owner-making to owners and super admins', () => {
    expect(assignableRoles(as('owner'))).toContain('owner');
    expect(assignableRoles(as(null, true))).toContain('owner');
    expect(assignableRoles(as('admin'))).toEqual(['admin', 'editor', 'viewer', 'guest-user']);
    expect(assignableRoles(as('editor'))).toEqual([]);
    expect(canChangeMember(as('admin'), 'owner')).toBe(false);
    expect(canChangeMember(as('admin'), 'editor')).toBe(true);
    expect(canChangeMember(as('owner'), 'owner')).toBe(true);
    expect(canChangeMember(as('viewer'), 'guest-user')).toBe(false);
  });

  it('accepts IANA zones only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(profileBodySchema.safeParse({ timezone: 'Nowhere/City' }).success).toBe(false);
    expect(profileBodySchema.parse({ timezone: null })).toEqual({ timezone: null });
    expect(organisationBodySchema.parse({ country: 'de' })).toEqual({ country: 'DE' });
  });

  it('parses the settings save body of the spec and refuses unknown flags', () => {
    expect(configPreferenceBodySchema.parse({ dashboard: { vpnDashboard: true }, devReg_autoApprove: false })).toEqual({
      dashboard: { vpnDashboard: true },
      devReg_autoApprove: false,
    });
    expect(configPreferenceBodySchema.safeParse({ dashboard: { nope: true } }).success).toBe(false);
    expect(configPreferenceBodySchema.safeParse({ dashboard: { wan3: 'yes' } }).success).toBe(false);
  });

  it('normalises invitations and tenant creation', () => {
    expect(inviteBodySchema.parse({ email: ' Ann@Acme.test ', role: 'viewer' })).toEqual({ email: 'ann@acme.test', role: 'viewer', first_name: '', last_name: '' });
    expect(inviteBodySchema.safeParse({ email: 'nope', role: 'viewer' }).success).toBe(false);
    expect(inviteBodySchema.safeParse({ email: 'a@b.test', role: 'root' }).success).toBe(false);
    expect(tenantCreateBodySchema.safeParse({ name: 'X', subscriptions: ['sdwan', 'sdwan'] }).success).toBe(false);
    expect(tenantCreateBodySchema.safeParse({ name: 'X', subscriptions: ['waf'] }).success).toBe(false);
    expect(tenantCreateBodySchema.parse({ name: ' X ', subscriptions: ['qshield'] })).toEqual({ name: 'X', subscriptions: ['qshield'], all_product_access: false });
  });

  it('takes a recovery code in place of the TOTP code', () => {
    expect(twoFactorLoginBodySchema.parse({ ephemeral_token: 't', code: 'ABCDE-12345' }).code).toBe('abcde-12345');
    expect(twoFactorLoginBodySchema.safeParse({ ephemeral_token: 't', code: '12345' }).success).toBe(false);
  });
});
