import { describe, expect, it } from 'vitest';
import { endpointMembers, isSecurityGroupMember, securityGroupInputSchema, securityGroupSchema, securityGroupsOf, type SecurityGroup } from './security-groups';
import type { EndpointOs } from './posture';
import { issuesOf, uuid } from './test-fixtures';

const LAPTOP = uuid(0xe1);
const PHONE = uuid(0xe2);
let groups = 0;
const group = (fields: Partial<SecurityGroup>): SecurityGroup => {
  groups += 1;
  return securityGroupSchema.parse({ id: uuid(0x5600 + groups), name: `Group ${groups}`, kind: 'both', ...fields });
};
const subject = (fields: Partial<{ user: string; endpointId: string; os: EndpointOs; country: string; approved: boolean }>) => ({
  user: fields.user ?? null,
  endpointId: fields.endpointId ?? null,
  posture: { os: fields.os ?? null, country: fields.country ?? null, approved: fields.approved ?? true },
});

describe('security group membership', () => {
  it('static users are members of users and both groups, wherever they sign in', () => {
    for (const kind of ['users', 'both'] as const) {
      const g = group({ kind, users: ['alice@corp.example'] });
      expect(isSecurityGroupMember(g, subject({ user: 'alice@corp.example', endpointId: PHONE }))).toBe(true);
      expect(isSecurityGroupMember(g, subject({ user: 'bob@corp.example', endpointId: PHONE }))).toBe(false);
      expect(isSecurityGroupMember(g, subject({ endpointId: PHONE }))).toBe(false);
    }
  });

  it('static endpoints are members of endpoints and both groups, whoever signs in', () => {
    for (const kind of ['endpoints', 'both'] as const) {
      const g = group({ kind, endpoints: [LAPTOP] });
      expect(isSecurityGroupMember(g, subject({ user: 'bob@corp.example', endpointId: LAPTOP }))).toBe(true);
      expect(isSecurityGroupMember(g, subject({ endpointId: LAPTOP }))).toBe(true);
      expect(isSecurityGroupMember(g, subject({ user: 'bob@corp.example', endpointId: PHONE }))).toBe(false);
    }
  });

  it("a group's kind decides which static members count, even of a row stored before the kind changed", () => {
    const usersOnly = { ...group({ kind: 'both', users: ['alice@corp.example'], endpoints: [LAPTOP] }), kind: 'users' as const };
    expect(isSecurityGroupMember(usersOnly, subject({ endpointId: LAPTOP }))).toBe(false);
    const endpointsOnly = { ...usersOnly, kind: 'endpoints' as const };
    expect(isSecurityGroupMember(endpointsOnly, subject({ user: 'alice@corp.example', endpointId: PHONE }))).toBe(false);
    expect(isSecurityGroupMember(endpointsOnly, subject({ endpointId: LAPTOP }))).toBe(true);
  });

  it('a rule by OS adds every endpoint of those systems', () => {
    const g = group({ rule: { os: ['windows', 'linux'], countries: [] } });
    expect(isSecurityGroupMember(g, subject({ os: 'linux' }))).toBe(true);
    expect(isSecurityGroupMember(g, subject({ os: 'macos' }))).toBe(false);
    expect(isSecurityGroupMember(g, subject({}))).toBe(false);
  });

  it('a rule by country adds every endpoint connecting from them; unknown never matches', () => {
    const g = group({ rule: { os: [], countries: ['DE', 'AT'] } });
    expect(isSecurityGroupMember(g, subject({ country: 'AT' }))).toBe(true);
    expect(isSecurityGroupMember(g, subject({ country: 'US' }))).toBe(false);
    expect(isSecurityGroupMember(g, subject({}))).toBe(false);
  });

  it('a rule by OS and country asks both', () => {
    const g = group({ rule: { os: ['macos'], countries: ['DE'] } });
    expect(isSecurityGroupMember(g, subject({ os: 'macos', country: 'DE' }))).toBe(true);
    expect(isSecurityGroupMember(g, subject({ os: 'macos', country: 'FR' }))).toBe(false);
    expect(isSecurityGroupMember(g, subject({ os: 'windows', country: 'DE' }))).toBe(false);
  });

  it("static members and a rule's members add up", () => {
    const g = group({ kind: 'users', users: ['alice@corp.example'], rule: { os: ['ios'], countries: [] } });
    expect(isSecurityGroupMember(g, subject({ user: 'alice@corp.example', os: 'windows' }))).toBe(true);
    expect(isSecurityGroupMember(g, subject({ user: 'bob@corp.example', os: 'ios' }))).toBe(true);
  });

  it('an endpoint waiting for approval is in no group: not listed, not by its user, not by a rule', () => {
    const listed = group({ kind: 'both', users: ['alice@corp.example'], endpoints: [LAPTOP], rule: { os: ['windows'], countries: ['DE'] } });
    const waiting = { user: 'alice@corp.example', endpointId: LAPTOP, os: 'windows' as const, country: 'DE', approved: false };
    expect(isSecurityGroupMember(listed, subject(waiting))).toBe(false);
    expect(securityGroupsOf([listed], subject(waiting))).toEqual([]);
    expect(isSecurityGroupMember(listed, subject({ ...waiting, approved: true }))).toBe(true);
    // Asked about alone, with no endpoint: the user list decides.
    expect(isSecurityGroupMember(listed, { user: 'alice@corp.example', endpointId: null, posture: { os: null, country: null, approved: null } })).toBe(true);
  });

  it('endpointMembers lists who is in a group and why, the approved endpoints only', () => {
    const g = group({ kind: 'both', users: ['bob@corp.example'], endpoints: [LAPTOP], rule: { os: [], countries: ['FR'] } });
    const endpoints = [
      { id: LAPTOP, user: 'bob@corp.example', posture: { os: 'windows' as const, country: 'FR', approved: true } },
      { id: PHONE, user: 'bob@corp.example', posture: { os: 'ios' as const, country: null, approved: true } },
      { id: uuid(0xe3), user: null, posture: { os: 'linux' as const, country: 'FR', approved: true } },
      { id: uuid(0xe4), user: null, posture: { os: 'linux' as const, country: 'FR', approved: false } },
      { id: uuid(0xe5), user: 'carol@corp.example', posture: { os: 'linux' as const, country: 'DE', approved: true } },
    ];
    expect(endpointMembers(g, endpoints).map((m) => [m.endpoint.id, m.by])).toEqual([
      [LAPTOP, 'static'],
      [PHONE, 'user'],
      [uuid(0xe3), 'rule'],
    ]);
  });

  it("a subject's groups come in the groups' order", () => {
    const a = group({ users: ['alice@corp.example'] });
    const b = group({ rule: { os: ['macos'], countries: [] } });
    const c = group({ endpoints: [PHONE] });
    expect(securityGroupsOf([c, b, a], subject({ user: 'alice@corp.example', endpointId: LAPTOP, os: 'macos' }))).toEqual([b.id, a.id]);
    expect(securityGroupsOf([a, b, c], subject({ endpointId: PHONE, os: 'android' }))).toEqual([c.id]);
  });
});

describe('the security group form', () => {
  const valid = { name: 'Contractors', kind: 'both' };

  it('takes a group with its defaults', () => {
    expect(securityGroupInputSchema.parse(valid)).toEqual({ ...valid, description: '', users: [], endpoints: [], rule: null });
    expect(securityGroupInputSchema.parse({ ...valid, users: [' Alice@Corp.Example '] }).users).toEqual(['alice@corp.example']);
  });

  it('says what is wrong', () => {
    expect(issuesOf(securityGroupInputSchema, { ...valid, kind: 'users', endpoints: [LAPTOP] })).toEqual(['endpoints: A users group holds no endpoints']);
    expect(issuesOf(securityGroupInputSchema, { ...valid, kind: 'endpoints', users: ['alice@corp.example'] })).toEqual([
      'users: An endpoints group holds no users',
    ]);
    expect(issuesOf(securityGroupInputSchema, { ...valid, rule: { os: [], countries: [] } })).toEqual(['rule: A rule needs an OS or a country']);
    expect(issuesOf(securityGroupInputSchema, { ...valid, users: ['alice'] })).toEqual(['users.0: Enter valid Email']);
    expect(issuesOf(securityGroupInputSchema, { ...valid, users: ['a@corp.example', 'A@corp.example'] })).toEqual(['users: Duplicate Value Found']);
    expect(issuesOf(securityGroupInputSchema, { ...valid, rule: { os: ['beos'], countries: [] } })[0]).toMatch(/^rule\.os\.0: /);
  });
});
