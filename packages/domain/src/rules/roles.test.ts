import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canChangeMember,
  canChangeWebFilterSettings,
  canManageTenant,
  canManageUsers,
  canReadBrowsingData,
  canReadConsole,
  canReadLogs,
  canReadTeams,
  canWriteConfig,
  hasRole,
  ROLES,
} from './roles';

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

describe('organisation roles', () => {
  it('lets owners and admins manage users and read logs, every console role read teams', () => {
    expect(ROLES.map((r) => canManageUsers(as(r)))).toEqual([true, true, false, false, false]);
    expect(ROLES.map((r) => canReadLogs(as(r)))).toEqual([true, true, false, false, false]);
    expect(ROLES.map((r) => canReadTeams(as(r)))).toEqual([true, true, true, true, false]);
    expect(canReadLogs(as(null, true))).toBe(true);
  });

  it("keeps people's browsing data to owners and admins, and a super admin acting in the tenant", () => {
    expect(ROLES.filter((r) => canReadBrowsingData(as(r)))).toEqual(['owner', 'admin']);
    expect(canReadBrowsingData(as(null, true))).toBe(true);
    expect(canReadBrowsingData(as(null))).toBe(false);
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
});

describe('web filter roles', () => {
  it("keeps the organisation's web-filter settings (on/off, default action, its own lists) to owners and admins; editors write policies", () => {
    expect(ROLES.filter((r) => canChangeWebFilterSettings(as(r)))).toEqual(['owner', 'admin']);
    expect(canWriteConfig(as('editor'))).toBe(true);
    expect(canChangeWebFilterSettings(as('editor'))).toBe(false);
    expect(canChangeWebFilterSettings(as(null, true))).toBe(true);
  });
});
