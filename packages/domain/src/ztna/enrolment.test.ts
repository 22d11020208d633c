import { describe, expect, it } from 'vitest';
import { enrolmentKeyInputSchema, enrolmentKeyState, isClientEnrolmentKey, ztnaInviteBodySchema } from './enrolment';
import { issuesOf } from './test-fixtures';

const NOW = new Date('2026-11-27T12:00:00Z');
const key = (fields: Partial<Parameters<typeof enrolmentKeyState>[0]> = {}) => ({
  reusable: false,
  usageLimit: null,
  uses: 0,
  expiresAt: null,
  revokedAt: null,
  ...fields,
});

describe('enrolment key states', () => {
  it('a single-use key is active until it is used once', () => {
    expect(enrolmentKeyState(key(), NOW)).toBe('active');
    expect(enrolmentKeyState(key({ uses: 1 }), NOW)).toBe('used_up');
    // A limit stored on a single-use key does not stretch it.
    expect(enrolmentKeyState(key({ usageLimit: 5, uses: 1 }), NOW)).toBe('used_up');
  });

  it('a reusable key is active until its usage limit, or for ever without one', () => {
    expect(enrolmentKeyState(key({ reusable: true, usageLimit: 3, uses: 2 }), NOW)).toBe('active');
    expect(enrolmentKeyState(key({ reusable: true, usageLimit: 3, uses: 3 }), NOW)).toBe('used_up');
    expect(enrolmentKeyState(key({ reusable: true, uses: 10_000 }), NOW)).toBe('active');
  });

  it('expires at its expiry time', () => {
    expect(enrolmentKeyState(key({ expiresAt: new Date(NOW.getTime() + 1) }), NOW)).toBe('active');
    expect(enrolmentKeyState(key({ expiresAt: NOW }), NOW)).toBe('expired');
  });

  it('revoked beats expired, expired beats used up', () => {
    const past = new Date(NOW.getTime() - 1);
    expect(enrolmentKeyState(key({ revokedAt: past, expiresAt: past, uses: 1 }), NOW)).toBe('revoked');
    expect(enrolmentKeyState(key({ expiresAt: past, uses: 1 }), NOW)).toBe('expired');
  });

  it('client keys are told from gateway keys by their prefix', () => {
    expect(isClientEnrolmentKey('nlk_Zx81aa')).toBe(true);
    expect(isClientEnrolmentKey('gw_Zx81aa')).toBe(false);
  });
});

describe('the enrolment key and invite forms', () => {
  it('a key defaults to single use, no expiry, auto-approved', () => {
    expect(enrolmentKeyInputSchema.parse({ name: 'Laptops' })).toEqual({
      name: 'Laptops',
      reusable: false,
      expires_at: null,
      usage_limit: null,
      security_groups: [],
      auto_approve: true,
    });
  });

  it('says what is wrong with a key', () => {
    expect(issuesOf(enrolmentKeyInputSchema, { name: 'x', usage_limit: 5 })).toEqual(['usage_limit: A single-use key is used once']);
    expect(issuesOf(enrolmentKeyInputSchema, { name: 'x', reusable: true, usage_limit: 5 })).toEqual([]);
    expect(issuesOf(enrolmentKeyInputSchema, { name: 'x', expires_at: '2000-01-01T00:00:00Z' })).toEqual(['expires_at: Choose a time in the future']);
    expect(issuesOf(enrolmentKeyInputSchema, { name: 'x', reusable: true, usage_limit: 0 })[0]).toMatch(/^usage_limit: /);
  });

  it('says what is wrong with an invite', () => {
    expect(ztnaInviteBodySchema.parse({ emails: ['Alice@Corp.Example'] })).toEqual({ emails: ['alice@corp.example'], valid_days: 7, security_groups: [] });
    expect(issuesOf(ztnaInviteBodySchema, { emails: [] })).toEqual(['emails: Add at least one e-mail']);
    expect(issuesOf(ztnaInviteBodySchema, { emails: ['alice'] })).toEqual(['emails.0: Enter valid Email']);
    expect(issuesOf(ztnaInviteBodySchema, { emails: ['a@corp.example', 'a@corp.example'] })).toEqual(['emails: Duplicate Value Found']);
    expect(issuesOf(ztnaInviteBodySchema, { emails: ['a@corp.example'], valid_days: 91 })[0]).toMatch(/^valid_days: /);
  });
});
