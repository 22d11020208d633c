import { describe, expect, it } from 'vitest';
import { accessDecisionSchema, accessTestBodySchema, inventoryDecideBodySchema, ztnaReorderBodySchema } from './api';
import { decideAccess } from './evaluate';
import { issuesOf, policy, request, server, uuid } from './test-fixtures';

describe('the zero-trust calls', () => {
  it('a reorder names each policy once', () => {
    expect(issuesOf(ztnaReorderBodySchema, { ids: [uuid(1), uuid(2)] })).toEqual([]);
    expect(issuesOf(ztnaReorderBodySchema, { ids: [uuid(1), uuid(1)] })).toEqual(['ids: Duplicate Value Found']);
  });

  it('the tool asks about a user or an endpoint, tcp unless told', () => {
    expect(accessTestBodySchema.parse({ user: ' Alice@Corp.Example ', server_id: uuid(0x5101) })).toEqual({
      user: 'alice@corp.example',
      server_id: uuid(0x5101),
      protocol: 'tcp',
    });
    expect(issuesOf(accessTestBodySchema, { server_id: uuid(0x5101) })).toEqual([': Choose a user or an endpoint']);
    expect(issuesOf(accessTestBodySchema, { user: null, device_id: null, server_id: uuid(0x5101) })).toEqual([': Choose a user or an endpoint']);
    expect(issuesOf(accessTestBodySchema, { device_id: uuid(0xe1), server_id: 'git' })[0]).toMatch(/^server_id: /);
  });

  it("the tool's answer is the decision as decideAccess makes it", () => {
    const s = server();
    const d = decideAccess(
      { servers: [s], policies: [policy({ destinations: { servers: [s.id] }, posture: { firewall: true } })] },
      request(s.id, { posture: { ...request(s.id).posture, firewall_on: false } }),
    );
    expect(accessDecisionSchema.parse(d)).toEqual(d);
  });

  it('inventory decisions are approve or reject, for at least one endpoint', () => {
    expect(issuesOf(inventoryDecideBodySchema, { ids: [], decision: 'approve' })[0]).toMatch(/^ids: /);
    expect(issuesOf(inventoryDecideBodySchema, { ids: [uuid(0xe1)], decision: 'maybe' })[0]).toMatch(/^decision: /);
  });
});
