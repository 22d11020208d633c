import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../document';
import { interfaces, issues, uuid } from './test-fixtures';

const route = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  name: `route ${n}`,
  protocol: 'any',
  out_interface: 'wan1',
  priority: n,
  ...over,
});

describe('policy routing family', () => {
  it('accepts routes out of any interface of the document, and fills defaults', () => {
    const policy_routing = [
      route(1, { source: '192.168.10.0/24' }),
      route(2, { protocol: 'tcp', destination: '10.0.0.0/8', dest_port: '443', out_interface: 'wan2' }),
      route(3, { out_interface: 'lan1.10' }),
    ];
    expect(issues({ interfaces, policy_routing })).toEqual([]);
    expect(configDocumentSchema.parse({ interfaces, policy_routing }).policy_routing?.[0]?.enabled).toBe(true);
  });

  it('refuses ports without TCP or UDP, a priority twice and an interface the document does not have', () => {
    const policy_routing = [route(1, { dest_port: '53' }), route(2, { priority: 1, out_interface: 'wan9' }), route(3, { priority: 1001 })];
    expect(issues({ interfaces, policy_routing })).toEqual([
      'policy_routing.0.dest_port: Ports need TCP or UDP',
      'policy_routing.2.priority: Too big: expected number to be <=1000',
      'policy_routing.1.priority: Priority already used',
      'policy_routing.1.out_interface: No such interface in this configuration',
    ]);
    expect(issues({ policy_routing: [route(1)] })).toEqual(['policy_routing.0.out_interface: No such interface in this configuration']);
  });
});
