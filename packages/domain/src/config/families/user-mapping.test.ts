import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { mapUser, userMappingSectionSchema, type UserMappingSection } from './user-mapping';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const section = (over: Partial<UserMappingSection> = {}): UserMappingSection =>
  userMappingSectionSchema.parse({ static_entries: [{ id: ID(1), address: '192.168.1.20', user: 'alice@acme.test' }], ...over });
const issuesOf = (value: unknown) => {
  const r = userMappingSectionSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const lan = { lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24 }], wan: [], vlans: [] };

describe('user mapping section', () => {
  it('takes an email, an account name or DOMAIN\\account as a user, and nothing with spaces', () => {
    for (const user of ['alice@acme.test', 'bob', 'ACME\\carol', 'd.e-f_g'])
      expect(issuesOf(section({ static_entries: [{ id: ID(1), address: '192.168.1.20', user }] }))).toEqual([]);
    expect(issuesOf({ static_entries: [{ id: ID(1), address: '192.168.1.20', user: 'Alice Smith' }] })[0]).toMatch(
      /^static_entries\.0\.user: An email or an account name/,
    );
  });

  it('refuses the same address mapped twice, at the copy', () => {
    const entries = [
      { id: ID(1), address: '192.168.1.20', user: 'alice' },
      { id: ID(2), address: '192.168.1.20', user: 'bob' },
    ];
    expect(issuesOf({ static_entries: entries })).toEqual(['static_entries.1.address: Address already mapped']);
  });

  it('needs the secret and the client networks for RADIUS accounting, and refuses overlapping client networks', () => {
    expect(issuesOf({ radius: { enabled: true } })).toEqual([
      'radius.secret: RADIUS accounting needs the shared secret',
      'radius.clients: Name the networks of the RADIUS clients',
    ]);
    expect(issuesOf({ radius: { enabled: true, secret: 's3cret', clients: ['10.0.0.0/16', '10.0.4.0/24'] } })).toEqual([
      'radius.clients.1: Overlaps a network already listed',
    ]);
  });

  it('refuses a mapping that is on with every source off', () => {
    expect(issuesOf({ ztna_identity: false })).toEqual(['enabled: Turn on at least one source, or turn user mapping off']);
    expect(issuesOf({ enabled: false, ztna_identity: false })).toEqual([]);
  });

  it('in a document, maps only addresses on a LAN of the device', () => {
    const r = configDocumentSchema.safeParse({ interfaces: lan, user_mapping: section({ static_entries: [{ id: ID(1), address: '10.9.9.9', user: 'bob' }] }) });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'user_mapping.static_entries.0.address: Not an address on a LAN of this device',
    ]);
    expect(configDocumentSchema.safeParse({ interfaces: lan, user_mapping: section() }).success).toBe(true);
  });
});

describe('the user behind an address', () => {
  const clues = { address: '192.168.1.20', radius: 'ACME\\alice', ztna: 'alice@acme.test', dhcpHostname: 'alice-laptop' };

  it('asks the sources in order: a static entry, RADIUS, the ZTNA client, then the DHCP host name', () => {
    const all = section({ radius: { enabled: true, port: 1813, secret: 's', clients: ['192.168.1.0/24'] }, dhcp_hostnames: true });
    expect(mapUser(all, clues)).toEqual({ user: 'alice@acme.test', source: 'static' });
    expect(mapUser(all, { ...clues, address: '192.168.1.21' })).toEqual({ user: 'ACME\\alice', source: 'radius' });
    expect(mapUser(all, { address: '192.168.1.21', dhcpHostname: 'alice-laptop' })).toEqual({ user: 'alice-laptop', source: 'dhcp' });
  });

  it('names nobody when the section is off or absent, a source is off, or a host name is no user name', () => {
    expect(mapUser(undefined, clues)).toBeNull();
    expect(mapUser(section({ enabled: false }), clues)).toBeNull();
    expect(
      mapUser(section({ ztna_identity: false, static_entries: [], dhcp_hostnames: true }), { address: '192.168.1.5', dhcpHostname: "Bob's iPhone" }),
    ).toBeNull();
    expect(mapUser(section({ static_entries: [] }), { address: '192.168.1.5', radius: 'carol' })).toBeNull();
  });

  it('a static entry always decides for its address, whatever the other sources say', () => {
    const user = fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/);
    fc.assert(
      fc.property(user, fc.option(user), fc.option(user), fc.option(user), fc.boolean(), (fixed, radius, ztna, host, dhcp) => {
        const s = section({
          static_entries: [{ id: ID(1), address: '192.168.1.20', user: fixed }],
          radius: { enabled: true, port: 1813, secret: 's', clients: ['192.168.1.0/24'] },
          dhcp_hostnames: dhcp,
        });
        expect(mapUser(s, { address: '192.168.1.20', radius, ztna, dhcpHostname: host })).toEqual({ user: fixed, source: 'static' });
      }),
    );
  });
});
