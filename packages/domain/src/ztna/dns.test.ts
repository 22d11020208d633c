import { describe, expect, it } from 'vitest';
import { dnsGroupApplies, dnsGroupInputSchema, dnsGroupSchema, nameserversFor, takenMatchDomain, type DnsGroup } from './dns';
import { issuesOf, uuid } from './test-fixtures';

let count = 0;
const dnsGroup = (fields: Partial<DnsGroup>): DnsGroup => {
  count += 1;
  return dnsGroupSchema.parse({ id: uuid(0xd500 + count), order: count, name: `DNS ${count}`, nameservers: [`10.0.0.${count}`], ...fields });
};
const SALES = uuid(0x6a1);
const CONTRACTORS = uuid(0x5601);

describe('nameserversFor', () => {
  const primary = dnsGroup({ nameservers: ['1.1.1.1'] });
  const corp = dnsGroup({ nameservers: ['10.0.0.53'], match_domains: ['corp.example'] });
  const eu = dnsGroup({ nameservers: ['10.1.0.53'], match_domains: ['eu.corp.example', 'eu.example'] });
  const groups = [primary, corp, eu];

  it('asks the group with the longest match domain covering the name', () => {
    expect(nameserversFor(groups, 'git.eu.corp.example')).toEqual(['10.1.0.53']);
    expect(nameserversFor(groups, 'eu.corp.example')).toEqual(['10.1.0.53']);
    expect(nameserversFor(groups, 'git.corp.example')).toEqual(['10.0.0.53']);
    expect(nameserversFor(groups, 'corp.example')).toEqual(['10.0.0.53']);
    // The order of the groups does not matter, the length of the match does.
    expect(nameserversFor([eu, corp, primary], 'git.eu.corp.example')).toEqual(['10.1.0.53']);
  });

  it('reads names whatever their case or a trailing dot', () => {
    expect(nameserversFor(groups, 'Git.EU.Corp.Example.')).toEqual(['10.1.0.53']);
  });

  it('asks the primary group (no match domains) for every other name, look-alikes included', () => {
    expect(nameserversFor(groups, 'example.org')).toEqual(['1.1.1.1']);
    expect(nameserversFor(groups, 'notcorp.example')).toEqual(['1.1.1.1']);
  });

  it('skips disabled groups, and answers none without a primary', () => {
    expect(nameserversFor([primary, corp, { ...eu, enabled: false }], 'git.eu.corp.example')).toEqual(['10.0.0.53']);
    expect(nameserversFor([{ ...primary, enabled: false }, dnsGroup({ nameservers: ['9.9.9.9'] })], 'example.org')).toEqual(['9.9.9.9']);
    expect(nameserversFor([corp, eu], 'example.org')).toEqual([]);
  });
});

describe('dnsGroupApplies', () => {
  it('a group naming nobody is for everyone', () => {
    expect(dnsGroupApplies(dnsGroup({}), { groups: [], securityGroups: [] })).toBe(true);
  });

  it("otherwise for the listed groups' and security groups' members", () => {
    const g = dnsGroup({ groups: [SALES], security_groups: [CONTRACTORS] });
    expect(dnsGroupApplies(g, { groups: [SALES], securityGroups: [] })).toBe(true);
    expect(dnsGroupApplies(g, { groups: [], securityGroups: [CONTRACTORS] })).toBe(true);
    expect(dnsGroupApplies(g, { groups: [uuid(0x6a2)], securityGroups: [uuid(0x5602)] })).toBe(false);
  });
});

describe('the DNS form', () => {
  it('says what is wrong', () => {
    const valid = { name: 'Corp', nameservers: ['10.0.0.53'] };
    expect(dnsGroupInputSchema.parse({ ...valid, match_domains: ['Corp.Example'] })).toMatchObject({
      match_domains: ['corp.example'],
      enabled: true,
      groups: [],
    });
    expect(issuesOf(dnsGroupInputSchema, { ...valid, nameservers: [] })).toEqual(['nameservers: Add at least one nameserver']);
    expect(issuesOf(dnsGroupInputSchema, { ...valid, nameservers: ['10.0.0'] })).toEqual(['nameservers.0: Should be in the format x.x.x.x']);
    expect(issuesOf(dnsGroupInputSchema, { ...valid, match_domains: ['corp'] })).toEqual(['match_domains.0: Enter a domain such as corp.example.com']);
    expect(issuesOf(dnsGroupInputSchema, { ...valid, search_domains: ['a.example', 'a.example'] })).toEqual(['search_domains: Duplicate Value Found']);
  });
});

describe('takenMatchDomain', () => {
  const corp = dnsGroup({ name: 'Corporate', match_domains: ['corp.example', 'vpn.example'] });
  const primary = dnsGroup({ name: 'Public' });

  it('finds the group that already answers for a match domain, naming the domain and its place', () => {
    expect(takenMatchDomain([corp, primary], { match_domains: ['eu.example', 'vpn.example'] })).toEqual({ domain: 'vpn.example', index: 1, group: corp });
    expect(takenMatchDomain([corp, primary], { match_domains: ['CORP.example.'] })?.group).toBe(corp);
  });

  it('lets a group keep its own domains, a sub-domain go to another group, and any number of groups have none', () => {
    expect(takenMatchDomain([corp, primary], { id: corp.id, match_domains: ['corp.example'] })).toBeNull();
    expect(takenMatchDomain([corp, primary], { match_domains: ['eu.corp.example'] })).toBeNull();
    expect(takenMatchDomain([corp, primary], { match_domains: [] })).toBeNull();
  });
});
