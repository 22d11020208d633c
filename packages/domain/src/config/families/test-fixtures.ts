import { configDocumentSchema } from '../document';

/** A v4 UUID numbered for reading: uuid(3) ends in ...000000000003. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The issues a document gets, each as 'path.joined.with.dots: message'. */
export const issues = (doc: unknown) => {
  const r = configDocumentSchema.safeParse(doc);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

/** A device with two LANs, a VLAN on lan1 (lan1.10), a DHCP WAN and a static one. */
export const interfaces = {
  lan: [
    { name: 'lan1', ip: '192.168.1.1', prefix: 24 },
    { name: 'lan2', ip: '192.168.2.1', prefix: 24 },
  ],
  wan: [
    { name: 'wan1', mode: 'dhcp' },
    { name: 'wan2', mode: 'static', ip: '203.0.113.2', prefix: 29, gateway: '203.0.113.1' },
  ],
  vlans: [{ id: uuid(900), parent: 'lan1', vlan_id: 10, ip: '192.168.10.1', prefix: 24 }],
};
