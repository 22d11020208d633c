import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { endpointProfileInputSchema, endpointProfileSchema, movpnBodySchema, profileFor, type EndpointProfile } from './profile';
import { issuesOf, uuid } from './test-fixtures';
import { ENDPOINT_IDS, GROUPS, PROFILE_IDS, profileArb, someOf } from './test-arbitraries';

const LAPTOP = uuid(0xe1);
const SALES = uuid(0x6a1);
const SUPPORT = uuid(0x6a2);
let count = 0;
const profile = (fields: Partial<Omit<EndpointProfile, 'assigned'>> & { assigned?: Partial<EndpointProfile['assigned']> }): EndpointProfile => {
  count += 1;
  return endpointProfileSchema.parse({ id: uuid(0x9f00 + count), is_default: false, name: `Profile ${count}`, ...fields });
};

describe('profileFor', () => {
  const mza = profile({ name: 'mza', is_default: true });
  const sales = profile({ name: 'Sales', assigned: { groups: [SALES] } });
  const support = profile({ name: 'Support', assigned: { groups: [SUPPORT] } });
  const laptop = profile({ name: 'Zed laptop', assigned: { endpoints: [LAPTOP] } });
  const all = [support, laptop, mza, sales];

  it("the endpoint's own profile beats its groups' and the default", () => {
    expect(profileFor(all, { id: LAPTOP, groups: [SALES] })?.id).toBe(laptop.id);
  });

  it("else the first by name of its groups' profiles", () => {
    expect(profileFor(all, { id: uuid(0xe2), groups: [SUPPORT, SALES] })?.id).toBe(sales.id);
    expect(profileFor(all, { id: uuid(0xe2), groups: [SUPPORT] })?.id).toBe(support.id);
  });

  it('else the default, else none (the built-in one)', () => {
    expect(profileFor(all, { id: uuid(0xe2), groups: [uuid(0x6a3)] })?.id).toBe(mza.id);
    expect(profileFor([sales], { id: uuid(0xe2), groups: [] })).toBeNull();
  });
});

describe('the profile form', () => {
  it('fills the defaults: tenant DNS, include routes, every allowed server, auto-connect', () => {
    expect(endpointProfileInputSchema.parse({ name: 'Field staff' })).toEqual({
      name: 'Field staff',
      description: '',
      kind: 'classic',
      relays: [],
      dns: { use_tenant_dns: true, nameservers: [] },
      split_tunnel: { mode: 'include', routes: [] },
      resources: [],
      auto_connect: true,
      assigned: { endpoints: [], groups: [] },
    });
  });

  it('says what is wrong', () => {
    expect(issuesOf(endpointProfileInputSchema, { name: '' })).toEqual(['name: Field is required']);
    expect(issuesOf(endpointProfileInputSchema, { name: 'x', split_tunnel: { routes: ['10.0.0.0'] } })).toEqual([
      'split_tunnel.routes.0: Format x.x.x.x/y where x is 0-255 and y 1-32',
    ]);
    expect(issuesOf(endpointProfileInputSchema, { name: 'x', dns: { nameservers: ['dns.example'] } })).toEqual([
      'dns.nameservers.0: Should be in the format x.x.x.x',
    ]);
    expect(issuesOf(endpointProfileInputSchema, { name: 'x', kind: 'vpn' })[0]).toMatch(/^kind: /);
  });

  it("the assistant's MZA call is a profile in final_payload, without assignments", () => {
    const body = movpnBodySchema.parse({ final_payload: { name: 'mza', auto_connect: false, assigned: { groups: [SALES] } } });
    expect(body.final_payload).toMatchObject({ name: 'mza', auto_connect: false });
    expect(body.final_payload).not.toHaveProperty('assigned');
    expect(issuesOf(movpnBodySchema, { final_payload: { name: '' } })).toEqual(['final_payload.name: Field is required']);
  });
});

describe('profileFor on random profiles', () => {
  it('picks as sorting the profiles by name and taking the first of each kind of assignment would', () => {
    fc.assert(
      fc.property(someOf(PROFILE_IDS, profileArb), fc.constantFrom(...ENDPOINT_IDS), fc.subarray(GROUPS), (profiles, id, groups) => {
        const byName = [...profiles].sort((a, b) => a.name.localeCompare(b.name));
        const expected =
          byName.find((p) => p.assigned.endpoints.includes(id)) ??
          byName.find((p) => p.assigned.groups.some((g) => groups.includes(g))) ??
          byName.find((p) => p.is_default) ??
          null;
        expect(profileFor(profiles, { id, groups })).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
