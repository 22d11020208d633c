import { describe, expect, it } from 'vitest';
import { hostScanRule } from './host-scan';
import { flow, runRule, T0 } from '../test-fixtures';
import { officeFlows } from '../test-traffic';
import type { NdrFlow } from '../evidence';

const params = hostScanRule.defaults();

/** A worm's sweep: SMB on every address of a /24, two a second, most not answering. */
const sweep = (from: number, targets = 60, to = (i: number) => `10.0.5.${i + 1}`): NdrFlow[] =>
  Array.from({ length: targets }, (_, i) =>
    flow(from + i * 500, {
      src_ip: '10.0.0.23',
      dst_ip: to(i),
      dst_port: 445,
      bytes_out: 60,
      bytes_in: i % 4 ? 0 : 60,
      packets_out: 1,
      packets_in: i % 4 ? 0 : 1,
    }),
  );

describe('host scan', () => {
  it('turns a sweep of 60 hosts on SMB into one detection naming the service and the first targets', () => {
    const { detections } = runRule(hostScanRule, [sweep(0)], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.host_scan',
      dedupe_key: 'ndr.host_scan|10.0.0.23|TCP/445',
      severity: 'medium',
      host: { ip: '10.0.0.23' },
      peer: null,
      title: 'Host scan on TCP/445',
      tactics: ['TA0007'],
      techniques: ['T1018', 'T1046'],
      first_seen: new Date(T0).toISOString(),
      facts: { distinct_hosts: 60, service: 'TCP/445' },
    });
    expect(detections[0]!.peers.slice(0, 3)).toEqual(['10.0.5.1', '10.0.5.2', '10.0.5.3']);
    expect(detections[0]!.summary).toContain('10.0.0.23 reached TCP/445 on 60 hosts within 5 minutes');
  });

  it('counts outside hosts only when they do not answer', () => {
    const outside = (i: number) => `81.2.${i}.9`;
    expect(runRule(hostScanRule, [sweep(0, 60, outside)], params).detections).toHaveLength(1);
    const answered = sweep(0, 60, outside).map((f) => ({ ...f, bytes_in: 4000, packets_in: 6 }));
    expect(runRule(hostScanRule, [answered], params).detections).toEqual([]);
  });

  it('says nothing of a day of office traffic, where each workstation reaches many sites on 443', () => {
    expect(runRule(hostScanRule, [officeFlows({ days: 1 })], params).detections).toEqual([]);
  });
});
