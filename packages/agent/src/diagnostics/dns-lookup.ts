import { promises as dns } from 'node:dns';
import type { DnsParams } from '@netloom/domain';
import type { DiagnosticIo, LiveDiagnostic } from '@netloom/simulator';
import { STOPPED } from './program';

/** What a lookup found: the records as dig prints their data, and their TTL where the resolver tells it. */
export interface Lookup {
  status: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED';
  records: { ttl?: number; data: string }[];
}

const COMMS_ERROR = ';; communications error: connection timed out; no servers could be reached';
const STATUS_OF: Record<string, Lookup['status']> = { ENOTFOUND: 'NXDOMAIN', ENODATA: 'NOERROR', ESERVFAIL: 'SERVFAIL', EREFUSED: 'REFUSED' };

const dot = (name: string) => (name.endsWith('.') ? name : `${name}.`);

async function ask(resolver: dns.Resolver, p: DnsParams): Promise<Lookup['records']> {
  const plain = (names: string[]) => names.map((n) => ({ data: dot(n) }));
  switch (p.record_type) {
    case 'A':
      return (await resolver.resolve4(p.name, { ttl: true })).map((r) => ({ ttl: r.ttl, data: r.address }));
    case 'AAAA':
      return (await resolver.resolve6(p.name, { ttl: true })).map((r) => ({ ttl: r.ttl, data: r.address }));
    case 'CNAME':
      return plain(await resolver.resolveCname(p.name));
    case 'MX':
      return (await resolver.resolveMx(p.name)).map((r) => ({ data: `${r.priority} ${dot(r.exchange)}` }));
    case 'TXT':
      return (await resolver.resolveTxt(p.name)).map((parts) => ({ data: parts.map((t) => JSON.stringify(t)).join(' ') }));
    case 'NS':
      return plain(await resolver.resolveNs(p.name));
    case 'PTR':
      return plain(await resolver.reverse(p.name));
    case 'SOA': {
      const s = await resolver.resolveSoa(p.name);
      return [{ data: `${dot(s.nsname)} ${dot(s.hostmaster)} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minttl}` }];
    }
  }
}

/** The lookup as the console's DNS tool prints it: dig's sections, as a simulated gateway prints them. */
export function digLines(p: DnsParams, server: string, found: Lookup, ms: number): string[] {
  const qname = p.record_type === 'PTR' ? `${p.name.split('.').reverse().join('.')}.in-addr.arpa.` : dot(p.name);
  const answers = found.records.map((r) => `${qname}\t${r.ttl === undefined ? '' : `${r.ttl}\t`}IN\t${p.record_type}\t${r.data}`);
  return [
    `; <<>> ${p.resolver ? `@${p.resolver} ` : ''}${p.name} ${p.record_type}`,
    `;; ->>HEADER<<- opcode: QUERY, status: ${found.status}, answers: ${found.records.length}`,
    ';; QUESTION SECTION:',
    `;${qname}\t\tIN\t${p.record_type}`,
    ...(answers.length ? ['', ';; ANSWER SECTION:', ...answers] : []),
    '',
    `;; Query time: ${ms} msec`,
    `;; SERVER: ${server}#53(${server}) (UDP)`,
  ];
}

/** Its answer: a name that does not exist fails, as in a simulated gateway's lookup. */
export const dnsAnswer = (found: Lookup) =>
  found.status === 'NOERROR' ? { ok: true, output: `${found.records.length} answer(s)` } : { ok: false, output: found.status };

/**
 * A DNS lookup through the box's resolver library (node:dns, c-ares): the resolver asked for, or
 * those of the box's resolv.conf. Bounded by c-ares's own timeout and tries.
 */
export function dnsLookup(p: DnsParams, io: DiagnosticIo): LiveDiagnostic {
  const resolver = new dns.Resolver({ timeout: 2_500, tries: 2 });
  if (p.resolver) resolver.setServers([p.resolver]);
  const server = p.resolver ?? resolver.getServers()[0] ?? 'none';
  const startedAt = Date.now();
  let state: 'running' | 'stopped' | 'cancelled' = 'running';
  ask(resolver, p)
    .then(
      (records): Lookup => ({ status: 'NOERROR', records }),
      (err: NodeJS.ErrnoException) => {
        const status = STATUS_OF[err.code ?? ''];
        if (status) return { status, records: [] };
        if (err.code === 'ECANCELLED') return null;
        return err;
      },
    )
    .then((found) => {
      if (state === 'cancelled') return;
      if (state === 'stopped' || found === null) {
        io.output(`${STOPPED}\n`);
        return io.done({ ok: true, output: STOPPED });
      }
      if (found instanceof Error) {
        const text = ['ETIMEOUT', 'ECONNREFUSED'].includes(found.code ?? '') ? COMMS_ERROR : `;; lookup failed: ${found.message}`;
        io.output(`${text}\n`);
        return io.done({ ok: false, output: text });
      }
      io.output(digLines(p, server, found, Date.now() - startedAt).join('\n') + '\n');
      io.done(dnsAnswer(found));
    });
  return {
    stop: () => {
      if (state === 'running') state = 'stopped';
      resolver.cancel();
    },
    cancel: () => {
      state = 'cancelled';
      resolver.cancel();
    },
  };
}
