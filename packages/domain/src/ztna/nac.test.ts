import { describe, expect, it } from 'vitest';
import { enforcedStateOf, nacDecisionBodySchema, nacHostsMessageSchema, nacSectionSchema } from './nac';
import { issuesOf } from './test-fixtures';

const host = { mac: '00:11:22:33:44:55', ip: '192.168.1.20', hostname: 'printer', vendor: 'HP', os: null, interface: 'lan1', state: 'allowed' };

describe('NAC', () => {
  it('a gateway enforces block and quarantine; allowed and pending hosts pass', () => {
    expect(enforcedStateOf('block')).toBe('blocked');
    expect(enforcedStateOf('quarantine')).toBe('quarantined');
    expect(enforcedStateOf('allow')).toBe('allowed');
    expect(enforcedStateOf('pending')).toBe('allowed');
  });

  it("a gateway's host report takes MACs in any case and refuses what is not a MAC or an address", () => {
    const msg = { type: 'nac_hosts', seq: 1, at: '2026-11-27T12:00:00Z', hosts: [{ ...host, mac: '00:11:22:AA:BB:CC' }] };
    expect(nacHostsMessageSchema.parse(msg).hosts[0]!.mac).toBe('00:11:22:aa:bb:cc');
    expect(issuesOf(nacHostsMessageSchema, { ...msg, hosts: [{ ...host, mac: '0011.2233.4455' }] })).toEqual([
      'hosts.0.mac: Enter a MAC address such as 00:11:22:33:44:55',
    ]);
    expect(issuesOf(nacHostsMessageSchema, { ...msg, hosts: [{ ...host, ip: '192.168.1' }] })).toEqual(['hosts.0.ip: Should be in the format x.x.x.x']);
  });

  it('a decision names hosts and allow, block or quarantine; the section holds only blocks and quarantines', () => {
    expect(issuesOf(nacDecisionBodySchema, { macs: [], decision: 'block' })[0]).toMatch(/^macs: /);
    expect(issuesOf(nacDecisionBodySchema, { macs: [host.mac], decision: 'pending' })[0]).toMatch(/^decision: /);
    expect(issuesOf(nacSectionSchema, { hosts: [{ mac: host.mac, decision: 'allow' }] })[0]).toMatch(/^hosts\.0\.decision: /);
    expect(issuesOf(nacSectionSchema, { hosts: [{ mac: host.mac, decision: 'quarantine' }] })).toEqual([]);
  });
});
