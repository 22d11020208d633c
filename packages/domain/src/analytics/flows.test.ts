import { describe, expect, it } from 'vitest';
import { FLOW_ACTIVE_TIMEOUT_S, FLOW_MAX_SPAN_S, FLOWS_BATCH_MAX, flowRecordSchema, flowsMessageSchema, protocolLabel, type FlowRecord } from './flows';

const record: FlowRecord = {
  start: '2025-03-01T10:00:00Z',
  end: '2025-03-01T10:01:00Z',
  src_ip: '10.0.0.12',
  src_port: 51234,
  dst_ip: '142.250.183.14',
  dst_port: 443,
  protocol: 6,
  src_bytes: 12_000,
  src_packets: 40,
  dst_bytes: 1_500_000,
  dst_packets: 1100,
  in_ifname: 'lan0',
  out_ifname: 'wan0',
  wan: 'WAN1',
  dscp: 0,
  application: 'www.youtube.com',
  user: 'asha@example.com',
};

const issuesOf = (value: unknown) => flowRecordSchema.safeParse(value).error?.issues.map((i) => i.path.join('.')) ?? [];

describe('flow records', () => {
  it('accepts a full record, and one without application, user or WAN', () => {
    expect(flowRecordSchema.parse(record)).toEqual(record);
    const { application: _a, user: _u, ...bare } = record;
    expect(flowRecordSchema.safeParse({ ...bare, wan: null }).success).toBe(true);
  });

  it('a record ends at or after it starts, and spans no more than the cut a late sweep allows', () => {
    expect(FLOW_ACTIVE_TIMEOUT_S).toBe(60);
    expect(issuesOf({ ...record, end: record.start })).toEqual([]);
    expect(issuesOf({ ...record, end: '2025-03-01T09:59:59Z' })).toEqual(['end']);
    expect(issuesOf({ ...record, end: new Date(Date.parse(record.start) + FLOW_MAX_SPAN_S * 1000).toISOString() })).toEqual([]);
    expect(issuesOf({ ...record, end: new Date(Date.parse(record.start) + FLOW_MAX_SPAN_S * 1000 + 1000).toISOString() })).toEqual(['end']);
    expect(issuesOf({ ...record, start: 'yesterday' })).toContain('start');
  });

  it('ports are 0–65535, DSCP 0–63, protocol an IANA number, counts non-negative integers', () => {
    expect(issuesOf({ ...record, src_port: 0, dst_port: 65535, dscp: 63, protocol: 255 })).toEqual([]);
    expect(issuesOf({ ...record, dst_port: 65536 })).toEqual(['dst_port']);
    expect(issuesOf({ ...record, src_port: -1 })).toEqual(['src_port']);
    expect(issuesOf({ ...record, dscp: 64 })).toEqual(['dscp']);
    expect(issuesOf({ ...record, protocol: 256 })).toEqual(['protocol']);
    expect(issuesOf({ ...record, protocol: 'tcp' })).toEqual(['protocol']);
    expect(issuesOf({ ...record, src_bytes: -1 })).toEqual(['src_bytes']);
    expect(issuesOf({ ...record, dst_packets: 1.5 })).toEqual(['dst_packets']);
  });

  it('addresses are IPv4 and the user an e-mail or an account name', () => {
    expect(issuesOf({ ...record, src_ip: '10.0.0.256' })).toEqual(['src_ip']);
    expect(issuesOf({ ...record, dst_ip: '::1' })).toEqual(['dst_ip']);
    expect(issuesOf({ ...record, user: 'Asha Rao' })).toEqual(['user']);
    expect(issuesOf({ ...record, user: 'ACME\\asha' })).toEqual([]);
  });

  it('refuses text the database cannot store', () => {
    expect(issuesOf({ ...record, application: 'bad\u0000host' })).toEqual(['application']);
    expect(issuesOf({ ...record, in_ifname: '\uD800' })).toEqual(['in_ifname']);
    expect(issuesOf({ ...record, wan: '' })).toEqual(['wan']);
  });

  it('names the protocols the panels show', () => {
    expect([6, 17, 1, 50, 99].map(protocolLabel)).toEqual(['TCP', 'UDP', 'ICMP', 'ESP', '99']);
  });
});

describe('flows message', () => {
  it('carries up to a thousand records with a sequence number', () => {
    const message = { type: 'flows', seq: 7, records: [record] };
    expect(flowsMessageSchema.parse(message)).toEqual(message);
    expect(flowsMessageSchema.safeParse({ ...message, records: Array(FLOWS_BATCH_MAX).fill(record) }).success).toBe(true);
    expect(flowsMessageSchema.safeParse({ ...message, records: Array(FLOWS_BATCH_MAX + 1).fill(record) }).success).toBe(false);
    expect(flowsMessageSchema.safeParse({ ...message, seq: -1 }).success).toBe(false);
  });
});
