import { describe, expect, it } from 'vitest';
import { iotProfileAllowSchema } from './api';

describe("accepting an entry into a class's profile", () => {
  const entry = { direction: 'out', protocol: 6, port: 443 } as const;

  it('takes a host or subnet only as an address or network a firewall rule can name', () => {
    expect(iotProfileAllowSchema.safeParse({ ...entry, peer_kind: 'host', peer: '10.0.5.10' }).success).toBe(true);
    expect(iotProfileAllowSchema.safeParse({ ...entry, peer_kind: 'subnet', peer: '10.0.5.0/24' }).success).toBe(true);
    const host = iotProfileAllowSchema.safeParse({ ...entry, peer_kind: 'host', peer: 'nvr.local' });
    expect(host.error?.issues).toEqual([expect.objectContaining({ path: ['peer'], message: 'Should be in the format x.x.x.x' })]);
    expect(iotProfileAllowSchema.safeParse({ ...entry, peer_kind: 'subnet', peer: '10.0.5.10' }).success).toBe(false);
  });

  it('takes countries, domains and applications by their names', () => {
    expect(iotProfileAllowSchema.safeParse({ ...entry, peer_kind: 'country', peer: 'NL' }).success).toBe(true);
    expect(iotProfileAllowSchema.safeParse({ ...entry, peer_kind: 'domain', peer: 'hik-connect.com' }).success).toBe(true);
  });
});
