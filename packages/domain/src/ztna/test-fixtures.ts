import { ztnaPolicySchema, type ZtnaPolicy, type ZtnaPolicyInput } from './policy';
import { ztnaServerSchema, type ZtnaServer, type ZtnaServerInput } from './resources';
import type { Posture } from './posture';
import type { AccessRequest } from './evaluate';

/** A v4 UUID numbered for reading: uuid(0x3) ends in ...000000000003. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

// Monday 2024-03-04, noon UTC.
export const NOON = new Date('2024-03-04T12:00:00Z');

/** A posture that passes every condition the tests ask for: an up-to-date, encrypted, approved Mac in Germany. */
export const GOOD_POSTURE: Posture = {
  os: 'macos',
  os_version: '14.2',
  client_version: '2.1.10',
  country: 'DE',
  disk_encrypted: true,
  firewall_on: true,
  approved: true,
};

let servers = 0;
/** A stored, enabled server publishing tcp/443 at site 'hq', with the fields given. */
export function server(fields: Partial<ZtnaServerInput> & { id?: string; dpc?: Partial<ZtnaServer['dpc']> } = {}): ZtnaServer {
  servers += 1;
  return ztnaServerSchema.parse({
    id: uuid(0x5100 + servers),
    name: `Server ${servers}`,
    address: `app${servers}.corp.example`,
    ports: [{ protocol: 'tcp', ports: ['443'] }],
    site: 'hq',
    ...fields,
  });
}

let policies = 0;
type PolicyFields = Partial<Omit<ZtnaPolicyInput, 'sources' | 'destinations'>> & {
  id?: string;
  sources?: Partial<ZtnaPolicy['sources']>;
  destinations?: Partial<ZtnaPolicy['destinations']>;
};
/** A stored, enabled allow policy for everyone, with the fields given (name the destinations). */
export function policy(fields: PolicyFields = {}): ZtnaPolicy {
  policies += 1;
  return ztnaPolicySchema.parse({
    id: uuid(0x9100 + policies),
    order: policies,
    name: `Policy ${policies}`,
    action: 'allow',
    ...fields,
    sources: fields.sources ?? { everyone: true },
  });
}

/** A request to a server at noon on a Monday, tcp/443, from alice on a good endpoint, with the fields given. */
export const request = (serverId: string, fields: Partial<AccessRequest> = {}): AccessRequest => ({
  user: 'alice@corp.example',
  endpointId: uuid(0xe1),
  groups: [],
  securityGroups: [],
  posture: GOOD_POSTURE,
  serverId,
  protocol: 'tcp',
  port: 443,
  at: NOON,
  ...fields,
});

/** The issues a schema gives a value, each as 'path.joined.with.dots: message'. */
export const issuesOf = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
};
