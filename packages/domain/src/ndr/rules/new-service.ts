import { z } from 'zod';
import { serverPort } from '../../analytics/applications';
import { boundedMap, touch, type BoundedMap } from '../bounded';
import { defineNdrRule } from '../rule';
import { duration, firstFew, protocolName, TCP, UDP } from './words';

/** Ports a person administers a host through: exposed to the internet they are the usual way in. */
const REMOTE_ACCESS = new Set([22, 23, 135, 139, 445, 3389, 5900, 5985, 5986]);
/** Services one host may serve before it counts as one that serves anything (peer-to-peer), and is not judged. */
const SERVICES_KEPT = 64;

interface Server {
  device: string;
  /** 'TCP/443' → when it was first seen served (ms); a service seen after learning is new until its follow-up ends. */
  served: Record<string, number>;
  /** Serves more than SERVICES_KEPT services: not judged. */
  many: boolean;
}

interface Services {
  /** When the rule first saw evidence (ms): learning runs from here. */
  started: number | null;
  hosts: BoundedMap<Server>;
}

/**
 * New external service: an internal host starts answering connections from outside on a port it
 * never served outside during the learning period, as a backdoor, a forgotten port forward or a
 * test server left open does. Answering means a real exchange (several packets back), not a reset
 * or a SYN-ACK to a scanner. The detection keeps collecting evidence for a while, then the
 * service counts as known.
 */
export const newServiceRule = defineNdrRule({
  id: 'ndr.new_service',
  name: 'New external service',
  severity: 'medium',
  tactics: ['TA0003', 'TA0001'],
  techniques: ['T1133'],
  reads: ['flow'],
  version: 1,
  params: {
    learning_hours: z
      .number()
      .int()
      .min(1)
      .max(90 * 24)
      .default(7 * 24),
    /** UDP services above this port are not judged: peer-to-peer and calls answer outside on random ports. */
    udp_max_port: z.number().int().min(0).max(65535).default(1023),
    follow_up_min: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    max_hosts: z.number().int().min(100).max(100_000).default(10_000),
  },
  explain: (p) =>
    `An internal host that starts answering connections from outside on a port it did not serve outside during the first ` +
    `${duration(p.learning_hours * 3600)} the rule watched. Only real exchanges count, not resets or scans; UDP above port ${p.udp_max_port} is left out.`,
  init: (): Services => ({ started: null, hosts: boundedMap() }),
  observe(s, f, t, p, ctx) {
    s.started ??= t;
    if (f.protocol !== TCP && f.protocol !== UDP) return [];
    if (ctx.isInternal(f.src_ip) || !ctx.isInternal(f.dst_ip) || ctx.isExempt(f.dst_ip)) return [];
    // A reply exported as a record of its own (ports swapped) is the internal host's own connection.
    if (serverPort({ srcPort: f.src_port, dstPort: f.dst_port }) !== f.dst_port || f.dst_port === 0) return [];
    if (f.protocol === UDP && f.dst_port > p.udp_max_port) return [];
    const answered = f.protocol === TCP ? f.packets_in >= 3 && f.bytes_in >= 200 : f.packets_in >= 1;
    if (!answered) return [];
    const service = `${protocolName(f.protocol)}/${f.dst_port}`;
    const host = touch(s.hosts, `h${f.dst_ip}`, p.max_hosts, (): Server => ({ device: f.device_id, served: {}, many: false }));
    const learning = t < s.started + p.learning_hours * 3_600_000;
    const since = host.served[service];
    if (since === undefined) {
      if (host.many) return [];
      if (Object.keys(host.served).length >= SERVICES_KEPT) {
        host.many = true;
        return [];
      }
      host.served[service] = learning ? 0 : t;
      if (learning) return [];
    } else if (since === 0 || t > since + p.follow_up_min * 60_000) return [];
    const remote = REMOTE_ACCESS.has(f.dst_port);
    return [
      {
        key: `${f.dst_ip}|${service}`,
        host: { ip: f.dst_ip, device_id: host.device },
        peer: service,
        peers: [f.src_ip],
        title: `New external service ${service} on ${f.dst_ip}`,
        summary:
          `${f.dst_ip} started answering ${service} to ${f.src_ip}${f.application ? ` (${f.application})` : ''} from outside, ` +
          `a service it did not serve outside before${remote ? '; remote access open to the internet' : ''}. Known services: ${firstFew(Object.keys(host.served).filter((k) => k !== service)) || 'none'}.`,
        severity: remote ? 'high' : 'medium',
        confidence: remote ? 0.85 : 0.7,
        first_seen: host.served[service]!,
        last_seen: t,
        facts: { service, client: f.src_ip },
      },
    ];
  },
  prune() {
    // Bounded by its cap; what a host serves stays known.
  },
});
