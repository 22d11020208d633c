import { describe, expect, it } from 'vitest';
import { emailDomain, groupsFromClaim, passwordRefusedBySso, ssoGroupChanges, ssoRoleFor, txtRecordsVerify } from './sso';

describe('organisation single sign-on rules', () => {
  it('takes the domain of an e-mail in lower case', () => {
    expect(emailDomain('Ada@Example.COM')).toBe('example.com');
    expect(emailDomain('no-at-sign')).toBe('');
  });

  it('verifies a domain only with the exact token, joined across TXT strings', () => {
    expect(txtRecordsVerify([['v=spf1 -all'], ['netloom-verification=abc']], 'abc')).toBe(true);
    expect(txtRecordsVerify([['netloom-verification=', 'abc']], 'abc')).toBe(true);
    expect(txtRecordsVerify([['netloom-verification=abcd']], 'abc')).toBe(false);
    expect(txtRecordsVerify([], 'abc')).toBe(false);
  });

  it('gives the most privileged mapped role, else keeps the current one, else the default', () => {
    expect(ssoRoleFor({ current: 'viewer', defaultRole: 'viewer', mappedRoles: ['editor', 'admin'] })).toBe('admin');
    expect(ssoRoleFor({ current: 'admin', defaultRole: 'viewer', mappedRoles: ['viewer'] })).toBe('viewer');
    expect(ssoRoleFor({ current: 'editor', defaultRole: 'viewer', mappedRoles: [] })).toBe('editor');
    expect(ssoRoleFor({ current: null, defaultRole: 'guest-user', mappedRoles: [] })).toBe('guest-user');
  });

  it('never changes an owner', () => {
    expect(ssoRoleFor({ current: 'owner', defaultRole: 'viewer', mappedRoles: ['viewer'] })).toBe('owner');
  });

  it('changes only the groups mappings manage', () => {
    expect(ssoGroupChanges({ managed: ['g1', 'g2'], matched: ['g1'], current: ['g2', 'g9'] })).toEqual({ add: ['g1'], remove: ['g2'] });
    expect(ssoGroupChanges({ managed: ['g1'], matched: ['g1'], current: ['g1'] })).toEqual({ add: [], remove: [] });
  });

  it('refuses passwords to everyone but owners when SSO is required', () => {
    expect(passwordRefusedBySso(true, 'admin')).toBe(true);
    expect(passwordRefusedBySso(true, 'owner')).toBe(false);
    expect(passwordRefusedBySso(false, 'viewer')).toBe(false);
  });

  it('reads a groups claim given as a list or a single name', () => {
    expect(groupsFromClaim(['a', 3, 'b'])).toEqual(['a', 'b']);
    expect(groupsFromClaim('a')).toEqual(['a']);
    expect(groupsFromClaim(undefined)).toEqual([]);
  });
});
