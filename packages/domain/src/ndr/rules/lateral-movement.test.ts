import { describe, expect, it } from 'vitest';
import { lateralMovementRule } from './lateral-movement';
import { DAY, flow, HOUR, MIN, runRule, T0 } from '../test-fixtures';
import { FILE_SERVER, officeFlows } from '../test-traffic';
import type { NdrFlow } from '../evidence';

const params = lateralMovementRule.defaults();
const office = officeFlows({ days: 3, browsing: 2 });

/** A workstation that has only ever used the file share opens SMB and RDP to 18 hosts in 20 minutes. */
const spread = (from: number, host = '10.0.0.14'): NdrFlow[] =>
  Array.from({ length: 18 }, (_, i) =>
    flow(from + i * MIN, { src_ip: host, dst_ip: `10.0.1.${40 + i}`, dst_port: i % 3 === 0 ? 3389 : 445, bytes_out: 9_000, bytes_in: 12_000 }),
  );
const withOffice = (extra: NdrFlow[]) => [...office, ...extra].sort((a, b) => (a.time < b.time ? -1 : 1));

describe('lateral movement', () => {
  it('flags a workstation suddenly reaching 18 internal hosts over SMB and RDP', () => {
    const { detections } = runRule(lateralMovementRule, [withOffice(spread(2 * DAY + 10 * HOUR + 5 * MIN))], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.lateral_movement',
      dedupe_key: 'ndr.lateral_movement|10.0.0.14',
      severity: 'high',
      host: { ip: '10.0.0.14' },
      peer: null,
      user: 'user4@example.com',
      title: 'Lateral movement from 10.0.0.14 over RDP, SMB',
      tactics: ['TA0008'],
      techniques: ['T1021.001', 'T1021.002'],
      // The 18 new hosts and the file share it always uses.
      facts: { peers: 19 },
    });
    expect(detections[0]!.peers).toContain('10.0.1.40');
    expect(detections[0]!.summary).toMatch(/opened RDP, SMB to 1\d internal hosts within 60 minutes/);
  });

  it('says nothing of office traffic, where every workstation uses SMB to the one file server that answers them all', () => {
    expect(runRule(lateralMovementRule, [office], params).detections).toEqual([]);
    expect(office.filter((f) => f.dst_ip === FILE_SERVER).length).toBeGreaterThan(1000);
  });

  it('learns each host first, and leaves an administrator whose normal is many hosts alone', () => {
    expect(runRule(lateralMovementRule, [withOffice(spread(10 * HOUR))], params).detections).toEqual([]);
    const admin = Array.from({ length: 3 * 24 }, (_, h) =>
      Array.from({ length: 15 }, (_, i) => flow(h * HOUR + i * 2 * MIN, { src_ip: '10.0.0.200', dst_ip: `10.0.1.${40 + ((h + i) % 30)}`, dst_port: 22 })),
    ).flat();
    const busier = Array.from({ length: 20 }, (_, i) =>
      flow(3 * DAY + 10 * HOUR + i * MIN, { src_ip: '10.0.0.200', dst_ip: `10.0.1.${40 + i}`, dst_port: 22 }),
    );
    expect(runRule(lateralMovementRule, [[...admin, ...busier]], params).detections).toEqual([]);
  });

  it('finds the same movement when the days arrive in hourly batches', () => {
    const evidence = withOffice(spread(2 * DAY + 10 * HOUR + 5 * MIN));
    const hours: NdrFlow[][] = [];
    for (const f of evidence) (hours[Math.floor((Date.parse(f.time) - T0) / HOUR)] ??= []).push(f);
    expect(runRule(lateralMovementRule, hours.filter(Boolean), params).detections).toEqual(runRule(lateralMovementRule, [evidence], params).detections);
  });
});
