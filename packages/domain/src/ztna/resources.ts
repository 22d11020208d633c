import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { isCidr, isIPv4, ipv4ToNumber } from '../validators/ipv4';
import { isFqdn } from '../validators/domain-name';
import { domainField, portSpecField, portSpecSpan, uniqueList, ztnaDescription, ztnaId, ztnaName } from './fields';

/** Protocols a server publishes and a policy narrows to; 'any' is every protocol and port. */
export const ZTNA_PROTOCOLS = ['tcp', 'udp', 'icmp', 'any'] as const;
export type ZtnaProtocol = (typeof ZTNA_PROTOCOLS)[number];

/** A private application's address: an IP, a subnet, an FQDN, or a wildcard FQDN (`*.corp.example`: its subdomains). */
export function isServerAddress(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (isIPv4(v) || isCidr(v) || isFqdn(v)) return true;
  return v.startsWith('*.') && isFqdn(v.slice(2));
}

/** Whether a host or address a client asks for is this server's address. */
export function serverAddressMatches(address: string, requested: string): boolean {
  const a = address.trim().toLowerCase();
  const r = requested.trim().toLowerCase().replace(/\.$/, '');
  if (a === r) return true;
  if (a.startsWith('*.')) return r.endsWith(a.slice(1)) && r.length > a.length - 1;
  if (isCidr(a) && isIPv4(r)) {
    const [net, bits] = a.split('/') as [string, string];
    const prefix = Number(bits);
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    return (ipv4ToNumber(net) & mask) >>> 0 === (ipv4ToNumber(r) & mask) >>> 0;
  }
  return false;
}

/** Ports of one protocol; no ports: every port of it. */
export const serverPortSchema = z.object({
  protocol: z.enum(ZTNA_PROTOCOLS),
  ports: uniqueList(portSpecField(), 64).default([]),
});
export type ServerPort = z.infer<typeof serverPortSchema>;

/** Whether a protocol and port (null for icmp) is within a list of published or allowed ports. */
export function portAllowed(list: readonly ServerPort[], protocol: ZtnaProtocol, port: number | null): boolean {
  return list.some((p) => {
    if (p.protocol !== 'any' && p.protocol !== protocol) return false;
    if (p.protocol === 'any' || p.ports.length === 0 || port === null) return true;
    return p.ports.some((spec) => {
      const span = portSpecSpan(spec);
      return span !== null && port >= span[0] && port <= span[1];
    });
  });
}

/**
 * Data protection controls (overlay › dpc) of a resource: what a client may do with it, and
 * whether only managed, compliant endpoints may connect at all.
 */
export const dataProtectionSchema = z.object({
  download: z.boolean().default(true),
  upload: z.boolean().default(true),
  copy: z.boolean().default(true),
  managed_only: z.boolean().default(false),
});
export type DataProtection = z.infer<typeof dataProtectionSchema>;
export const DEFAULT_DATA_PROTECTION: DataProtection = { download: true, upload: true, copy: true, managed_only: false };

/** A private application (onboarding › server): where it is, what it answers on, and the site whose app connectors publish it. */
const serverFields = {
  name: ztnaName(),
  description: ztnaDescription(),
  address: storableText().trim().toLowerCase().max(253).refine(isServerAddress, 'Enter an IP, a subnet, an FQDN or *.domain'),
  /** The private name clients resolve (split DNS); left out: the address when it is a plain FQDN. */
  private_name: domainField().nullable().default(null),
  ports: z.array(serverPortSchema).min(1, 'Add at least one protocol').max(16),
  /** The site it lives in: app connectors of this site publish it. */
  site: ztnaName(),
  enabled: z.boolean().default(true),
};
export const ztnaServerInputSchema = z.object(serverFields);
export type ZtnaServerInput = z.input<typeof ztnaServerInputSchema>;
export const ztnaServerSchema = z
  .object({ id: ztnaId(), ...serverFields, dpc: dataProtectionSchema.default(DEFAULT_DATA_PROTECTION) })
  .meta({ id: 'ZtnaServer', description: 'A private server (resource) published to zero-trust clients' });
export type ZtnaServer = z.infer<typeof ztnaServerSchema>;

/** The name a client resolves for a server, when it has one. */
export const privateNameOf = (s: Pick<ZtnaServer, 'private_name' | 'address'>): string | null => s.private_name ?? (isFqdn(s.address) ? s.address : null);
