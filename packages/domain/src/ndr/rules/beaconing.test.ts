import { describe, expect, it } from 'vitest';
import { beaconingRule } from './beaconing';
import { flow, HOUR, MIN, runRule, seeded, T0 } from '../test-fixtures';
import { officeFlows } from '../test-traffic';
import type { NdrFlow } from '../evidence';

const params = beaconingRule.defaults();

/** An implant checking in every 5 minutes with ±10% jitter, a new connection each time, a few hundred bytes. */
function implant(contacts: number, { port = 4444, jitter = 0.1, seed = 3 } = {}): NdrFlow[] {
  const rnd = seeded(seed);
  let t = 10 * MIN;
  return Array.from({ length: contacts }, (_, i) => {
    t += 5 * MIN * (1 + jitter * (2 * rnd() - 1));
    return flow(Math.round(t), {
      src_ip: '10.0.0.31',
      src_port: 50000 + i,
      dst_ip: '185.220.101.4',
      dst_port: port,
      bytes_out: 420 + Math.floor(rnd() * 60),
      bytes_in: 230,
    });
  });
}

describe('beaconing', () => {
  it('finds an implant checking in every five minutes, on a port browsers do not use', () => {
    const { detections } = runRule(beaconingRule, [implant(14)], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.beaconing',
      dedupe_key: 'ndr.beaconing|10.0.0.31|185.220.101.4:4444',
      severity: 'medium',
      host: { ip: '10.0.0.31' },
      peer: '185.220.101.4',
      title: 'Beaconing to 185.220.101.4:4444',
      tactics: ['TA0011'],
      techniques: ['T1071', 'T1571'],
      facts: { contacts: 14 },
    });
    expect(detections[0]!.facts.interval_s).toBeGreaterThan(285);
    expect(detections[0]!.facts.interval_s).toBeLessThan(315);
    expect(detections[0]!.summary).toMatch(/about every 5 min \(jitter \d+%\)/);
    // From the first contact the judgement covered.
    expect(Date.parse(detections[0]!.first_seen)).toBeLessThan(Date.parse(implant(14)[5]!.time));
  });

  it('names only the application-layer technique on a port browsers use', () => {
    expect(runRule(beaconingRule, [implant(14, { port: 443 })], params).detections[0]?.techniques).toEqual(['T1071']);
  });

  it('needs enough contacts, regular enough', () => {
    expect(runRule(beaconingRule, [implant(9)], params).detections).toEqual([]);
    expect(runRule(beaconingRule, [implant(30, { jitter: 0.8 })], params).detections).toEqual([]);
  });

  it('takes a long connection cut into records every minute for one contact, not a beat', () => {
    const stream = Array.from({ length: 120 }, (_, i) =>
      flow(i * MIN, { src_ip: '10.0.0.31', src_port: 51515, dst_ip: '151.101.1.140', bytes_out: 400, bytes_in: 90_000 }),
    );
    expect(runRule(beaconingRule, [stream], params).detections).toEqual([]);
  });

  it('leaves excluded ports and names alone: NTP, updates', () => {
    const ntp = implant(30).map((f) => ({ ...f, dst_port: 123, protocol: 17 }));
    const updates = implant(30).map((f) => ({ ...f, application: 'fe3.delivery.mp.microsoft.com.windowsupdate.com' }));
    expect(runRule(beaconingRule, [ntp], params).detections).toEqual([]);
    expect(runRule(beaconingRule, [updates], params).detections).toEqual([]);
    const mine = beaconingRule.paramsSchema.parse({ exclude_ports: [4444] });
    expect(runRule(beaconingRule, [implant(30)], mine).detections).toEqual([]);
  });

  it('leaves a client that polls a service on a schedule alone: it sends tens of kilobytes each time, not a check-in', () => {
    const feed = implant(30, { port: 443 }).map((f) => ({ ...f, bytes_out: 34_000 + (f.bytes_out % 50) * 100 }));
    expect(runRule(beaconingRule, [feed], params).detections).toEqual([]);
  });

  it('says nothing of two days of office traffic: browsing, NTP every 1,024 s, hourly update checks, the backup', () => {
    expect(runRule(beaconingRule, [officeFlows({ days: 2 })], params).detections).toEqual([]);
  });

  it('keeps finding the implant when its contacts arrive batch by batch', () => {
    const contacts = implant(20);
    const batches = [0, 1, 2, 3].map((q) =>
      contacts.filter((f) => Date.parse(f.time) >= T0 + q * HOUR * 0.5 && Date.parse(f.time) < T0 + (q + 1) * HOUR * 0.5),
    );
    batches.push(contacts.filter((f) => Date.parse(f.time) >= T0 + 2 * HOUR));
    expect(runRule(beaconingRule, batches, params).detections).toEqual(runRule(beaconingRule, [contacts], params).detections);
  });
});
