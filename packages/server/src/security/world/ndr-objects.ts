import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../test/build';
import { must } from './requests';

const randomHost = () => `10.66.${randomBytes(1)[0]! % 250}.${(randomBytes(1)[0]! % 250) + 2}`;

/**
 * NDR's objects of one tenant, each named after `name`: a detection about a host behind one of its
 * gateways (the name in its title; it goes in as the engine's emission would, no call of the API
 * makes one) and a response action blocking a domain on the gateway (the name in its note).
 */
export function ndrObjects(t: TestApp, token: string, tenantId: string) {
  const { app } = t;
  const q = `?tenant_id=${tenantId}`;
  return {
    detection: async (gatewayId: string, name: string): Promise<string> => {
      const at = new Date().toISOString();
      const key = `ndr.port_scan:${randomBytes(6).toString('hex')}`;
      await app.services.ndr.record(tenantId, [
        {
          rule_id: 'ndr.port_scan',
          dedupe_key: key,
          severity: 'medium',
          confidence: 0.7,
          host: { ip: randomHost(), device_id: gatewayId },
          peer: null,
          peers: [],
          user: null,
          title: `Port scan ${name}`.slice(0, 200),
          summary: name,
          tactics: ['TA0007'],
          techniques: ['T1046'],
          first_seen: at,
          last_seen: at,
          facts: {},
          evidence: [],
        },
      ]);
      const { results } = (await must(app, 'GET', `/api/v1/ndr/detections/${q}&page_size=500`, token)) as { results: { id: string; dedupe_key: string }[] };
      return results.find((d) => d.dedupe_key === key)!.id;
    },
    action: async (gatewayId: string, name: string): Promise<string> =>
      String(
        (
          await must(app, 'POST', `/api/v1/ndr/actions/${q}`, token, {
            kind: 'block_destination',
            device_id: gatewayId,
            target: { type: 'domain', value: `${randomBytes(4).toString('hex')}.example` },
            note: name,
          })
        ).id,
      ),
  };
}
