import { vlanIfname, type ConfigDocument } from '@netloom/domain';

const netmask = (prefix: number) => [24, 16, 8, 0].map((shift) => ((0xffffffff << (32 - prefix)) >>> shift) & 0xff).join('.');

/** The prefix of a LAN or VLAN interface of the document, by the name the box knows it by. */
function prefixOf(doc: ConfigDocument, ifname: string): number | null {
  const lan = doc.interfaces?.lan.find((l) => l.name === ifname);
  if (lan) return lan.prefix;
  return doc.interfaces?.vlans.find((v) => vlanIfname(v) === ifname)?.prefix ?? null;
}

/** The host a URL rule names, when it names only a host (DNS can block a host, not a path). */
export function blockableHost(rule: string): string | null {
  const host = rule
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^\*\./, '')
    .replace(/\/$/, '');
  return /^[a-z0-9.-]+$/i.test(host) && host.includes('.') ? host.toLowerCase() : null;
}

export interface DnsmasqFiles {
  conf: string;
  leases: string;
  pid: string;
  /** Its own log, with every DNS query and DHCP exchange: NDR's DNS evidence and the IoT fingerprints are read from it. */
  log?: string;
}

/**
 * Every query with its answers, numbered so interleaved lines can be put together (extra), and
 * the options each DHCP client asked for (log-dhcp: its fingerprint), to a file of the agent's
 * written asynchronously, so a slow disk never holds up an answer.
 */
const logLines = (log: string) => [`log-facility=${log}`, 'log-async=25', 'log-queries=extra', 'log-dhcp'];

/**
 * The configuration of the dnsmasq instance the agent owns: DHCP pools with their options and
 * static leases, and the gateway-local URL filter as DNS answers (a blocked host and its
 * subdomains resolve to nothing). Null when the document needs no DHCP and no DNS filtering:
 * then the agent runs no dnsmasq.
 */
export function dnsmasqConf(doc: ConfigDocument | null, files: DnsmasqFiles): string | null {
  const pools = doc?.services?.dhcp ?? [];
  const blocked = (doc?.content_filter?.blocked_urls ?? []).map(blockableHost).filter((h): h is string => h !== null);
  const allowed = new Set((doc?.content_filter?.allowed_urls ?? []).map(blockableHost));
  if (!doc || (!pools.length && !blocked.length)) return null;
  const lanNames = [...(doc.interfaces?.lan.map((l) => l.name) ?? []), ...(doc.interfaces?.vlans.map(vlanIfname) ?? [])];
  const lines = [
    '# Written by the Netloom agent from the configuration the console saved. Edits here are',
    '# reported to the console as drift and replaced on the next sync.',
    `pid-file=${files.pid}`,
    `dhcp-leasefile=${files.leases}`,
    'bind-interfaces',
    'except-interface=lo',
    ...[...new Set([...pools.map((p) => p.interface), ...lanNames])].map((name) => `interface=${name}`),
    'dhcp-authoritative',
    ...(files.log ? logLines(files.log) : []),
  ];
  pools.forEach((pool, i) => {
    const prefix = prefixOf(doc, pool.interface) ?? 24;
    lines.push(`dhcp-range=set:pool${i},${pool.start},${pool.end},${netmask(prefix)},${pool.lease_minutes}m`);
    if (pool.gateway) lines.push(`dhcp-option=tag:pool${i},option:router,${pool.gateway}`);
    if (pool.dns.length) lines.push(`dhcp-option=tag:pool${i},option:dns-server,${pool.dns.join(',')}`);
  });
  for (const lease of doc.services?.static_leases ?? []) lines.push(`dhcp-host=${lease.mac},${lease.ip},${lease.name.replace(/[^a-z0-9-]/gi, '-')}`);
  for (const host of blocked) if (!allowed.has(host)) lines.push(`address=/${host}/`);
  return `${lines.join('\n')}\n`;
}
