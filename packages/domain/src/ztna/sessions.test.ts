import { describe, expect, it } from 'vitest';
import { connectorHealthMessageSchema, ZTNA_SESSIONS_BATCH_MAX, ztnaSessionsMessageSchema } from './sessions';
import { issuesOf, uuid } from './test-fixtures';

const session = {
  at: '2026-11-27T12:00:00Z',
  user: 'alice@corp.example',
  server_id: uuid(0x5101),
  destination: 'git.corp.example',
  protocol: 'tcp',
  port: 443,
  action: 'deny',
  rule: 'posture',
  policy_id: uuid(0x9101),
  policy_name: 'Engineers to Git',
  failed_condition: 'firewall',
  connector_id: null,
  duration_ms: 0,
  bytes_in: 0,
  bytes_out: 0,
};

describe("an endpoint's session batch", () => {
  it('carries what the decision said, and relay measurements (none by default)', () => {
    expect(ztnaSessionsMessageSchema.parse({ type: 'ztna_sessions', seq: 3, sessions: [session] })).toEqual({
      type: 'ztna_sessions',
      seq: 3,
      sessions: [session],
      relays: [],
    });
  });

  it('refuses a rule or condition the decision does not have, and batches over the limit', () => {
    const msg = { type: 'ztna_sessions', seq: 1, sessions: [session] };
    expect(issuesOf(ztnaSessionsMessageSchema, { ...msg, sessions: [{ ...session, rule: 'vpn' }] })[0]).toMatch(/^sessions\.0\.rule: /);
    expect(issuesOf(ztnaSessionsMessageSchema, { ...msg, sessions: [{ ...session, failed_condition: 'antivirus' }] })[0]).toMatch(
      /^sessions\.0\.failed_condition: /,
    );
    expect(issuesOf(ztnaSessionsMessageSchema, { ...msg, sessions: [{ ...session, port: 70_000 }] })[0]).toMatch(/^sessions\.0\.port: /);
    expect(issuesOf(ztnaSessionsMessageSchema, { ...msg, sessions: Array(ZTNA_SESSIONS_BATCH_MAX + 1).fill(session) })[0]).toMatch(/^sessions: /);
  });
});

describe("an app connector's health", () => {
  it('lists its servers reachable or not', () => {
    const msg = {
      type: 'connector_health',
      seq: 1,
      at: '2026-11-27T12:00:00Z',
      servers: [{ server_id: uuid(0x5101), reachable: false, latency_ms: null }],
      active_sessions: 4,
    };
    expect(connectorHealthMessageSchema.parse(msg)).toEqual(msg);
    expect(issuesOf(connectorHealthMessageSchema, { ...msg, active_sessions: -1 })[0]).toMatch(/^active_sessions: /);
  });
});
