import type { Must } from './requests';

/** Zero-trust objects of a tenant, each named (and addressed) after `name`. */
export function ztnaObjects(must: Must, token: string, tid: string) {
  const q = `?tenant_id=${tid}`;
  const create = async (path: string, body: unknown) => String((await must('POST', `/api/v1/${path}${q}`, token, body)).id);
  return {
    securityGroup: (name: string) => create('tenant/ztna/security-groups/', { name, kind: 'both', users: [`${name}@example.test`] }),
    server: (name: string) =>
      create('tenant/ztna/servers/', { name, address: `${name}.corp.example`, ports: [{ protocol: 'tcp', ports: ['443'] }], site: name }),
    relay: (name: string) => create('tenant/ztna/relays/', { name, region: 'uk', address: `${name}.relay.example` }),
    dnsGroup: (name: string, securityGroup?: string) =>
      create('tenant/ztna/dns/', {
        name,
        nameservers: ['10.0.0.53'],
        match_domains: [`${name}.example`],
        security_groups: securityGroup ? [securityGroup] : [],
      }),
    profile: (name: string) => create('tenant/ztna/profiles/', { name, description: name }),
    policy: (name: string, server: string, securityGroup?: string) =>
      create('tenant/ztna/policies/', {
        name,
        action: 'allow',
        sources: securityGroup ? { security_groups: [securityGroup] } : { everyone: true },
        destinations: { servers: [server] },
      }),
    key: (name: string) => create('tenant/ztna/enrolment-keys/', { name }),
    /** A gateway made an app connector for a site. */
    connector: async (gatewayId: string, site: string) => {
      await must('POST', `/api/v1/tenant/connector/${q}`, token, { device_id: gatewayId, site });
      return gatewayId;
    },
  };
}
