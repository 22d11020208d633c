import { describe, expect, it } from 'vitest';
import { kernelRuleKey, staleRoutes, staleRules } from './kernel';
import { ruleKey, type RouteSpec } from '../render/routes';

const ours = { protocol: '173' };
const route = (destination: string, metric = 0): RouteSpec => ({ destination, gateway: '192.0.2.1', dev: null, metric, table: 'main', id: null });

describe("the agent's own routes and rules among the kernel's", () => {
  it('knows a single-address route iproute2 lists without its /32, and leaves routes of others alone', () => {
    const kernel = [
      { dst: '10.77.5.1', metric: 0, ...ours },
      { dst: '10.9.9.0/24', metric: 5, ...ours },
      { dst: '10.8.0.0/16', metric: 0, protocol: 'boot' },
    ];
    expect(staleRoutes(kernel, [route('10.77.5.1/32')])).toEqual([
      { destination: '10.9.9.0/24', gateway: null, dev: null, metric: 5, table: 'main', id: null },
    ]);
  });
  it('keys a kernel rule as the document writes it, /32 and port ranges included', () => {
    const rule = { priority: 10010, src: '192.168.50.10', ipproto: 'tcp', dport_start: 1000, dport_end: 2000, table: '1001', ...ours };
    const spec = { priority: 10010, selector: ['from', '192.168.50.10/32', 'ipproto', 'tcp', 'dport', '1000-2000'], table: '1001', id: 'x' };
    expect(kernelRuleKey(rule)).toBe(ruleKey(spec));
    expect(staleRules([rule, { priority: 10020, table: '1000', ...ours }, { priority: 0, src: 'all', table: 'local' }], [spec])).toEqual([
      { priority: 10020, table: '1000', ...ours },
    ]);
  });
});
