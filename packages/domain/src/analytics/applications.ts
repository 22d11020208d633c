import { APPLICATION_SIGNATURES, type ApplicationSignature } from './application-signatures';
import { IP_PROTOCOLS, type FlowRecord } from './flows';
import { OTHER_KEY } from './top-n';

/**
 * Unclassified traffic reads 'Other', like the rest of a top-N ranking: the panels fold the two
 * together, since neither names an application.
 */
export const OTHER_APPLICATION = OTHER_KEY;

/**
 * Every OS picks client (ephemeral) ports at or above this: Linux from 32768, Windows, macOS and
 * IANA's dynamic range from 49152. Servers listen lower, with rare exceptions (WireGuard).
 */
export const EPHEMERAL_PORT_MIN = 32768;

/**
 * The server's port of a conversation. A record is usually exported in the client's direction
 * (the destination is the server), but a device that exports each direction separately sends the
 * reply too, with the ports swapped: when the destination port is ephemeral and the source port is
 * lower, the source is the server. (Clients of old systems that picked ports from 1024–5000 are
 * not told apart; nothing current does.)
 */
export function serverPort(ports: { srcPort: number; dstPort: number }): number {
  return ports.dstPort >= EPHEMERAL_PORT_MIN && ports.srcPort < ports.dstPort ? ports.srcPort : ports.dstPort;
}

/** 'example.com.', 'Example.COM:8443' → 'example.com': an HTTP host may carry a port, a DNS name its root dot. */
function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

const byDomain = new Map<string, string>();
const byPort = new Map<string, string>();
const PROTOCOL_BY_NAME: Record<string, number> = IP_PROTOCOLS;

for (const sig of APPLICATION_SIGNATURES as readonly ApplicationSignature[]) {
  for (const domain of sig.domains ?? []) byDomain.set(domain, sig.name);
  for (const rule of sig.ports ?? []) {
    const [protoName = '', range] = rule.split('/');
    const protocol = PROTOCOL_BY_NAME[protoName];
    if (protocol === undefined) throw new Error(`Unknown protocol in application signature ${rule}`);
    if (range === undefined) {
      byPort.set(`${protocol}`, sig.name);
      continue;
    }
    const [from, to = from] = range.split('-').map(Number) as [number, number?];
    for (let p = from; p <= to; p++) byPort.set(`${protocol}/${p}`, sig.name);
  }
}

/**
 * The application a host belongs to: the longest listed domain that is the host or one of its
 * parents, compared label by label, so 'evilyoutube.com' is not YouTube while 'm.youtube.com' is.
 */
export function applicationByHost(host: string): string | undefined {
  const labels = normaliseHost(host).split('.');
  for (let i = 0; i < labels.length; i++) {
    const found = byDomain.get(labels.slice(i).join('.'));
    if (found) return found;
  }
  return undefined;
}

export interface ClassifyInput {
  /** TLS SNI or HTTP host, when the device saw one. */
  sni?: string | undefined;
  srcPort: number;
  dstPort: number;
  /** IANA protocol number. */
  protocol: number;
}

/**
 * The application of a conversation: by SNI first, then by the protocol alone (ESP, ICMP), then by
 * server port and protocol, else 'Other'. When the server port names nothing, the other port is
 * tried: a server on a high port (WireGuard's 51820) talking to a lower client port looks, by
 * ports alone, like the reverse.
 */
export function classifyApplication(input: ClassifyInput): string {
  const named = input.sni ? applicationByHost(input.sni) : undefined;
  if (named) return named;
  const { protocol } = input;
  const server = serverPort(input);
  const client = server === input.dstPort ? input.srcPort : input.dstPort;
  return byPort.get(`${protocol}`) ?? byPort.get(`${protocol}/${server}`) ?? byPort.get(`${protocol}/${client}`) ?? OTHER_APPLICATION;
}

const byName = new Map(
  (APPLICATION_SIGNATURES as readonly ApplicationSignature[]).flatMap((s) => [[s.name.toLowerCase(), s.name] as const, [s.id, s.name] as const]),
);

/**
 * A flow record's application. A device whose DPI already named one of ours ('Zoom', 'zoom') is
 * believed; anything else in `application` is taken as the SNI or host it saw.
 */
export function classifyFlow(record: Pick<FlowRecord, 'application' | 'src_port' | 'dst_port' | 'protocol'>): string {
  const named = record.application ? byName.get(record.application.trim().toLowerCase()) : undefined;
  return named ?? classifyApplication({ sni: record.application, srcPort: record.src_port, dstPort: record.dst_port, protocol: record.protocol });
}
