import { describe, expect, it } from 'vitest';
import { newServiceRule } from './new-service';
import { DAY, flow, HOUR, MIN, runRule, T0 } from '../test-fixtures';
import { officeFlows, WEB_SERVER } from '../test-traffic';
import type { NdrFlow } from '../evidence';

const params = newServiceRule.defaults();
const fortnight = officeFlows({ days: 9, browsing: 1 });

/** Clients outside reaching an internal host on a port, and getting real answers. */
const served = (from: number, host: string, port: number, count = 5, protocol = 6): NdrFlow[] =>
  Array.from({ length: count }, (_, i) =>
    flow(from + i * MIN, {
      src_ip: `81.2.69.${10 + i}`,
      src_port: 51000 + i,
      dst_ip: host,
      dst_port: port,
      protocol,
      bytes_out: 1_200,
      bytes_in: 40_000,
      packets_out: 8,
      packets_in: 30,
    }),
  );
const withOffice = (extra: NdrFlow[]) => [...fortnight, ...extra].sort((a, b) => (a.time < b.time ? -1 : 1));

describe('new external service', () => {
  it('flags a workstation that starts serving RDP to the internet after the learning week, with its first clients', () => {
    const { detections } = runRule(newServiceRule, [withOffice(served(8 * DAY + 11 * HOUR, '10.0.0.17', 3389))], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.new_service',
      dedupe_key: 'ndr.new_service|10.0.0.17|TCP/3389',
      severity: 'high',
      host: { ip: '10.0.0.17' },
      peer: 'TCP/3389',
      peers: ['81.2.69.10', '81.2.69.11', '81.2.69.12', '81.2.69.13', '81.2.69.14'],
      title: 'New external service TCP/3389 on 10.0.0.17',
      tactics: ['TA0003', 'TA0001'],
      techniques: ['T1133'],
      first_seen: new Date(T0 + 8 * DAY + 11 * HOUR).toISOString(),
      last_seen: new Date(T0 + 8 * DAY + 11 * HOUR + 4 * MIN).toISOString(),
    });
    expect(detections[0]!.summary).toContain('remote access open to the internet');
  });

  it('calls a new port of the web server medium, and leaves the port it served while learning alone', () => {
    const { detections } = runRule(newServiceRule, [withOffice(served(8 * DAY, WEB_SERVER, 8080))], params);
    expect(detections.map((d) => [d.peer, d.severity])).toEqual([['TCP/8080', 'medium']]);
  });

  it('treats the service as known once its follow-up hour is over', () => {
    const later = [...served(8 * DAY, '10.0.0.17', 3389), ...served(8 * DAY + 3 * HOUR, '10.0.0.17', 3389)];
    const [d] = runRule(newServiceRule, [withOffice(later)], params).detections;
    expect(d!.last_seen).toBe(new Date(T0 + 8 * DAY + 4 * MIN).toISOString());
  });

  it('ignores resets and scans, replies exported on their own, high UDP ports, and anything while learning', () => {
    const reset = served(8 * DAY, '10.0.0.17', 22).map((f) => ({ ...f, packets_in: 1, bytes_in: 40 }));
    const reply = served(8 * DAY, '10.0.0.17', 443).map((f) => ({ ...f, src_port: 443, dst_port: 51000 }));
    const p2p = served(8 * DAY, '10.0.0.17', 51413, 5, 17);
    const early = served(2 * DAY, '10.0.0.17', 3389);
    expect(runRule(newServiceRule, [withOffice([...reset, ...reply, ...p2p, ...early])], params).detections).toEqual([]);
  });

  it('says nothing of office traffic, where the DMZ web server answers the internet all along', () => {
    expect(runRule(newServiceRule, [fortnight], params).detections).toEqual([]);
  });
});
