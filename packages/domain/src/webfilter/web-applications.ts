import { APPLICATION_SIGNATURES, type ApplicationSignature } from '../analytics/application-signatures';
import { hostSuffixes } from './url-patterns';

/** The applications a policy can block: those of the traffic signatures that are reached by name (a domain). */
export const WEB_APPLICATIONS = (APPLICATION_SIGNATURES as readonly ApplicationSignature[])
  .filter((s) => (s.domains ?? []).length > 0)
  .map((s) => ({ id: s.id, name: s.name, domains: s.domains ?? [] }));

let byDomain: Map<string, string> | null = null;

/** The application id a host belongs to (the longest listed domain that is the host or a parent), else null. */
export function applicationIdOfHost(host: string): string | null {
  byDomain ??= new Map(WEB_APPLICATIONS.flatMap((a) => a.domains.map((d) => [d, a.id] as const)));
  for (const h of hostSuffixes(host)) {
    const id = byDomain.get(h);
    if (id) return id;
  }
  return null;
}

export const webApplicationName = (id: string): string => WEB_APPLICATIONS.find((a) => a.id === id)?.name ?? id;
