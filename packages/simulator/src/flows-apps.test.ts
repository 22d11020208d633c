import { classifyApplication, classifyFlow, EPHEMERAL_PORT_MIN, IP_PROTOCOLS } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { appWeight, FLOW_APPS } from './flows-apps';

describe('FLOW_APPS', () => {
  it('names every application as classification will: by SNI, by DPI name or by port', () => {
    for (const app of FLOW_APPS) {
      const protocol = IP_PROTOCOLS[app.protocol];
      for (const dstPort of app.ports) {
        const ports = { srcPort: EPHEMERAL_PORT_MIN, dstPort, protocol };
        if (app.hosts.length === 0) {
          const application = app.dpi ? app.name : undefined;
          expect(classifyFlow({ application, src_port: ports.srcPort, dst_port: dstPort, protocol }), app.key).toBe(app.name);
        }
        for (const sni of app.hosts) expect(classifyApplication({ sni, ...ports }), `${app.key} ${sni}`).toBe(app.name);
      }
    }
  });

  it('has unique keys and sensible sizes', () => {
    expect(new Set(FLOW_APPS.map((a) => a.key)).size).toBe(FLOW_APPS.length);
    for (const app of FLOW_APPS) {
      expect(app.reach).toBeGreaterThan(0);
      expect(app.reach).toBeLessThanOrEqual(1);
      expect(app.maxFlows).toBeGreaterThanOrEqual(1);
      expect(app.packetBytes).toBeLessThanOrEqual(1500);
    }
  });

  it('weighs office apps by day and streaming in the evening', () => {
    const app = (key: string) => FLOW_APPS.find((a) => a.key === key)!;
    expect(appWeight(app('microsoft-365'), 14)).toBeGreaterThan(3 * appWeight(app('microsoft-365'), 21));
    expect(appWeight(app('netflix'), 21)).toBeGreaterThan(10 * appWeight(app('netflix'), 14));
  });
});
