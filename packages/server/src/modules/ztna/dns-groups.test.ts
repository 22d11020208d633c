import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, dnsGroupSchema } from '@netloom/domain';
import { build } from '../../test/build';
import { ztnaWorld, type ZtnaWorld } from './test-fixtures';

describe('DNS groups: one group per match domain', () => {
  let w: ZtnaWorld;
  beforeAll(async () => {
    w = await ztnaWorld(await build('pglite'));
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('refuses a second group for a match domain another group answers for, naming the field; its own domains and sub-domains stay free', async () => {
    const corp = dnsGroupSchema.parse(
      (await w.call('POST', 'tenant/ztna/dns/', { name: 'Corporate', nameservers: ['10.0.0.53'], match_domains: ['corp.example', 'vpn.example'] })).json(),
    );
    const taken = { detail: "vpn.example is already a match domain of the DNS group 'Corporate'.", code: 'invalid' };
    const second = await w.call('POST', 'tenant/ztna/dns/', { name: 'Branch', nameservers: ['10.1.0.53'], match_domains: ['branch.example', 'VPN.example'] });
    expect(second.statusCode).toBe(400);
    expect(apiErrorSchema.parse(second.json())).toEqual({
      ...taken,
      errors: { match_domains: ["vpn.example is already a match domain of the DNS group 'Corporate'"] },
    });
    expect(
      dnsGroupSchema
        .array()
        .parse((await w.call('GET', 'tenant/ztna/dns/')).json())
        .map((g) => g.name),
    ).toEqual(['Corporate']);

    // Another group may answer for a sub-domain (the longest match wins), and a group keeps its own domains when edited.
    const branch = await w.call('POST', 'tenant/ztna/dns/', { name: 'Branch', nameservers: ['10.1.0.53'], match_domains: ['eu.corp.example'] });
    expect(branch.statusCode, branch.body).toBe(201);
    const edited = await w.call('PUT', `tenant/ztna/dns/${corp.id}/`, {
      name: 'Corporate',
      nameservers: ['10.0.0.54'],
      match_domains: ['corp.example', 'vpn.example'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // An edit that takes another group's domain is refused alike.
    const grab = await w.call('PUT', `tenant/ztna/dns/${dnsGroupSchema.parse(branch.json()).id}/`, {
      name: 'Branch',
      nameservers: ['10.1.0.53'],
      match_domains: ['corp.example'],
    });
    expect(grab.statusCode).toBe(400);
    expect(grab.json().errors).toEqual({ match_domains: ["corp.example is already a match domain of the DNS group 'Corporate'"] });
  });
});
