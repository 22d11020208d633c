import { describe, expect, it } from 'vitest';
import { dnsQueriesMessageSchema, idsAlertsMessageSchema, ndrDnsFromRecord, ndrIdsFromRecord } from './messages';
import { ndrEvidenceSchema } from './evidence';

const device = '8f0c6a8e-2f8e-4b55-9d4c-3f1b7e0e9a11';
const at = '2026-12-01T10:00:00.000Z';

describe('dns_queries and ids_alerts messages', () => {
  it('takes a gateway resolver batch and hands each query to the rules as evidence', () => {
    const m = dnsQueriesMessageSchema.parse({
      type: 'dns_queries',
      seq: 4,
      queries: [{ at, client_ip: '10.0.0.5', name: 'example.com', qtype: 'A', rcode: 'NOERROR', answers: ['93.184.216.34'] }],
    });
    const evidence = ndrDnsFromRecord(device, m.queries[0]!);
    expect(ndrEvidenceSchema.parse(evidence)).toEqual({ ...evidence, kind: 'dns', time: at, device_id: device });
  });

  it('refuses an empty batch, a bad address and an unknown response code', () => {
    const q = { at, client_ip: '10.0.0.5', name: 'example.com', qtype: 'A', rcode: 'NOERROR' };
    expect(dnsQueriesMessageSchema.safeParse({ type: 'dns_queries', seq: 1, queries: [] }).success).toBe(false);
    expect(dnsQueriesMessageSchema.safeParse({ type: 'dns_queries', seq: 1, queries: [{ ...q, client_ip: '10.0.0' }] }).success).toBe(false);
    expect(dnsQueriesMessageSchema.safeParse({ type: 'dns_queries', seq: 1, queries: [{ ...q, rcode: 'WHATEVER' }] }).success).toBe(false);
  });

  it('takes IDS alerts with Suricata severities, dropped or alerted', () => {
    const alert = { at, sid: 2024897, category: 'botnet-cnc', severity: 1, src: '10.0.0.5', dst: '203.0.113.9', dst_port: 443, message: 'ET MALWARE beacon' };
    const m = idsAlertsMessageSchema.parse({ type: 'ids_alerts', seq: 9, alerts: [alert] });
    expect(m.alerts[0]!.action).toBe('alerted');
    expect(ndrEvidenceSchema.parse(ndrIdsFromRecord(device, m.alerts[0]!)).kind).toBe('ids');
    expect(idsAlertsMessageSchema.safeParse({ type: 'ids_alerts', seq: 9, alerts: [{ ...alert, severity: 4 }] }).success).toBe(false);
  });
});
