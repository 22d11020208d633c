import { describe, expect, it } from 'vitest';
import { outboundTransferRule } from './outbound-transfer';
import { DAY, flow, HOUR, MIN, runRule, T0 } from '../test-fixtures';
import { BACKUP_SERVER, BACKUP_TARGET, officeFlows, WEB_SERVER } from '../test-traffic';
import type { NdrFlow } from '../evidence';

const params = outboundTransferRule.defaults();

/** 3 GB uploaded from a workstation to a host outside in half an hour, 100 MB a connection. */
const exfiltration = (from: number, { pieces = 30, port = 443, host = '10.0.0.12' } = {}): NdrFlow[] =>
  Array.from({ length: pieces }, (_, i) =>
    flow(from + i * MIN, { src_ip: host, src_port: 52000 + i, dst_ip: '45.137.21.9', dst_port: port, bytes_out: 100_000_000, bytes_in: 90_000 }),
  );

const week = officeFlows({ days: 7, browsing: 3 });
const withEvidence = (extra: NdrFlow[]) => [...week, ...extra].sort((a, b) => a.time.localeCompare(b.time));

describe('unusual outbound transfer', () => {
  it('says nothing of a week of office traffic: browsing, updates, and a nightly backup of about 2 GB', () => {
    const nights = [
      ...week,
      ...Array.from({ length: 50 }, (_, k) =>
        flow(7 * DAY + 2 * HOUR + 20 * MIN + k * 30_000, {
          src_ip: BACKUP_SERVER,
          dst_ip: BACKUP_TARGET,
          bytes_out: 46_000_000,
        }),
      ),
    ];
    expect(runRule(outboundTransferRule, [nights], params).detections).toEqual([]);
  });

  it('flags 3 GB leaving a workstation that usually sends kilobytes, once, while the hour runs', () => {
    const { detections } = runRule(outboundTransferRule, [withEvidence(exfiltration(6 * DAY + 14 * HOUR + 5 * MIN))], params);
    expect(detections).toHaveLength(1);
    const d = detections[0]!;
    expect(d).toMatchObject({
      rule_id: 'ndr.outbound_transfer',
      dedupe_key: 'ndr.outbound_transfer|10.0.0.12',
      severity: 'high',
      host: { ip: '10.0.0.12' },
      peer: '45.137.21.9',
      user: 'user2@example.com',
      title: 'Unusual outbound transfer from 10.0.0.12',
      tactics: ['TA0010'],
      techniques: ['T1567'],
      first_seen: new Date(T0 + 6 * DAY + 14 * HOUR).toISOString(),
      facts: { bytes: expect.any(Number), port: 443 },
    });
    expect(d.facts.bytes).toBeGreaterThanOrEqual(3e9);
    // Updated while the hour runs, and not past it.
    expect(Date.parse(d.last_seen)).toBeLessThan(T0 + 6 * DAY + 15 * HOUR);
    expect(d.summary).toContain('in the hour from 14:00 UTC');
    // It alerted once 500 MB had gone: the first records that crossed the floor are its evidence.
    expect(d.evidence[0]!.bytes_out).toBe(100_000_000);
  });

  it('names exfiltration over another protocol off the web ports, and calls ten times the floor critical', () => {
    const [d] = runRule(outboundTransferRule, [withEvidence(exfiltration(6 * DAY + 14 * HOUR, { pieces: 60, port: 22 }))], params).detections;
    expect(d).toMatchObject({ severity: 'critical', techniques: ['T1048'] });
  });

  it('counts what an internal server sends back to an outside client', () => {
    const served = Array.from({ length: 30 }, (_, i) =>
      flow(6 * DAY + 15 * HOUR + i * MIN, { src_ip: '81.2.69.160', dst_ip: WEB_SERVER, dst_port: 443, bytes_out: 2_000, bytes_in: 100_000_000 }),
    );
    const [d] = runRule(outboundTransferRule, [withEvidence(served)], params).detections;
    expect(d).toMatchObject({ host: { ip: WEB_SERVER }, peer: '81.2.69.160' });
  });

  it('learns each hour for some days before judging it, and never flags less than the floor', () => {
    expect(runRule(outboundTransferRule, [withEvidence(exfiltration(2 * DAY + 14 * HOUR))], params).detections).toEqual([]);
    expect(runRule(outboundTransferRule, [withEvidence(exfiltration(6 * DAY + 14 * HOUR, { pieces: 4 }))], params).detections).toEqual([]);
  });

  it('finds the same transfer when the week arrives hour by hour', () => {
    const evidence = withEvidence(exfiltration(6 * DAY + 14 * HOUR + 5 * MIN));
    const hours = new Map<number, NdrFlow[]>();
    for (const f of evidence) {
      const h = Math.floor((Date.parse(f.time) - T0) / HOUR);
      hours.set(h, [...(hours.get(h) ?? []), f]);
    }
    expect(runRule(outboundTransferRule, [...hours.values()], params).detections).toEqual(runRule(outboundTransferRule, [evidence], params).detections);
  });
});
