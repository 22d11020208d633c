import type { ProfileVocabulary } from './profile-request';

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

/** The tenant endpoint-profile requests are read for: its own zero-trust names, as the server would give them. */
export const PROFILE_VOCABULARY: ProfileVocabulary = {
  groups: [
    { id: id(1), name: 'Finance' },
    { id: id(2), name: 'Sales EMEA' },
    { id: id(3), name: 'Sales US' },
  ],
  endpoints: [{ id: id(10), name: 'ada-laptop' }],
  relays: [
    { id: id(20), name: 'Frankfurt relay', region: 'eu-central' },
    { id: id(21), name: 'Virginia relay', region: 'us-east' },
    { id: id(22), name: 'Oregon relay', region: 'us-west' },
  ],
  servers: [
    { id: id(30), name: 'erp' },
    { id: id(31), name: 'git' },
  ],
};

/** The first endpoint-profile requests: the fields that matter of what each must give (resources compared as a set), or the question. */
export const PROFILE_CORPUS: [string, Record<string, unknown> | RegExp][] = [
  [
    'a Classic ZTNA profile for the Finance laptops with the EU relay',
    { kind: 'classic', relays: [id(20)], assigned: { groups: [id(1)], endpoints: [] }, split_tunnel: { mode: 'include', routes: [] } },
  ],
  [
    'profile for Sales EMEA through the Frankfurt relay, only 10.20.0.0/16 and 10.30.0.0/16 through the tunnel',
    { relays: [id(20)], split_tunnel: { mode: 'include', routes: ['10.20.0.0/16', '10.30.0.0/16'] } },
  ],
  ['a dev app profile for ada-laptop with git and erp', { kind: 'dev_app', resources: [id(30), id(31)].sort(), assigned: { endpoints: [id(10)], groups: [] } }],
  ['full tunnel profile for Finance', { split_tunnel: { mode: 'full', routes: [] } }],
  ['all traffic through the tunnel for Finance except 192.168.0.0/16', { split_tunnel: { mode: 'exclude', routes: ['192.168.0.0/16'] } }],
  ['profile for Finance that connects manually', { auto_connect: false }],
  ['profile for Finance with dns 10.0.0.53 called Finance VPN', { name: 'Finance VPN', dns: { use_tenant_dns: true, nameservers: ['10.0.0.53'] } }],
  ['a profile for Finance with the US relay', /^Which relay: Virginia relay or Oregon relay\?$/],
  ['a profile for Finance with the asia relay', /^There is no ASIA relay/],
  ['a profile for Sales', /^Which group: Sales EMEA or Sales US\?$/],
  ['', /^Please describe your request$/],
];
