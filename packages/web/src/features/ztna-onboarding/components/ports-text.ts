import type { ServerPort } from '@netloom/domain';

/** 'TCP 443, 8000:8100 · UDP every port · ICMP' */
export const portsText = (ports: readonly ServerPort[]): string =>
  ports
    .map((p) => {
      if (p.protocol === 'any') return 'Any protocol';
      if (p.protocol === 'icmp') return 'ICMP';
      return `${p.protocol.toUpperCase()} ${p.ports.length ? p.ports.join(', ') : 'every port'}`;
    })
    .join(' · ');

/** Sites named by servers and connectors, once each, in order. */
export const sitesOf = (...lists: readonly (readonly { site: string }[])[]): string[] =>
  [...new Set(lists.flatMap((l) => l.map((x) => x.site)))].sort((a, b) => a.localeCompare(b));
