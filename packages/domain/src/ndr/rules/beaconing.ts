import { z } from 'zod';
import { boundedMap, sweep, touch, type BoundedMap } from '../bounded';
import { spread } from '../stats';
import { formatBytes } from '../../format/numbers';
import { FLOW_MAX_SPAN_S } from '../../analytics/flows';
import { defineNdrRule } from '../rule';
import { duration, STANDARD_PORTS, TCP, UDP } from './words';

interface Channel {
  device: string;
  user: string | null;
  /** Start of the last contact (ms). */
  contact: number;
  /** The last record (ms) and its client port: a long connection is cut into records that are one contact. */
  record: number;
  port: number;
  /** Seconds between the latest contacts' starts, oldest first. */
  gaps: number[];
  /** Bytes sent by the latest contacts. */
  sizes: number[];
  contacts: number;
}

/** Domains whose services check in on a schedule by design: time and operating-system updates. */
const DEFAULT_EXCLUDED_NAMES = ['ntp.org', 'time.windows.com', 'time.apple.com', 'windowsupdate.com', 'update.microsoft.com', 'ubuntu.com', 'debian.org'];

const nameExcluded = (app: string | undefined, names: readonly string[]) => {
  if (!app) return false;
  const host = app.toLowerCase();
  return names.some((n) => host === n || host.endsWith(`.${n}`));
};

/**
 * Beaconing: an internal host contacting one outside destination at regular intervals, with
 * small, similar payloads, as implants check in with their controller. Regular means a low
 * coefficient of variation of the gaps between contacts over the latest N; contacts a few seconds
 * apart are one, and the records a long connection is cut into are one contact, not a beat.
 * Time and update services, which check in by design, are left out by port and by name.
 */
export const beaconingRule = defineNdrRule({
  id: 'ndr.beaconing',
  name: 'Beaconing',
  severity: 'medium',
  tactics: ['TA0011'],
  techniques: ['T1071'],
  reads: ['flow'],
  version: 1,
  params: {
    min_contacts: z.number().int().min(4).max(64).default(10),
    /** Coefficient of variation of the gaps at most this (0.2: gaps within about ±20%). */
    max_jitter: z.number().min(0.01).max(1).default(0.2),
    min_interval_s: z.number().int().min(1).max(3600).default(10),
    max_interval_s: z
      .number()
      .int()
      .min(60)
      .max(86_400)
      .default(6 * 3600),
    /**
     * Mean bytes a contact sends, at most. An idle implant's check-in, a new TLS connection
     * included, sends a few kilobytes at most; clients of ordinary services that poll (feeds,
     * chat, analytics) send tens of kilobytes each time, and were most of what a day of the demo
     * fleet's ordinary traffic raised at 100 KB (bench:ndr).
     */
    max_bytes: z
      .number()
      .int()
      .min(100)
      .max(100_000_000)
      .default(8 * 1024),
    max_size_cv: z.number().min(0).max(5).default(0.5),
    /** Destination ports never judged: DNS, NTP, DNS over TLS by default. */
    exclude_ports: z.array(z.number().int().min(0).max(65535)).max(256).default([53, 123, 853]),
    /** Destination names (and their subdomains) never judged, as the flow names the application. */
    exclude_names: z.array(z.string().min(1).max(253)).max(1000).default(DEFAULT_EXCLUDED_NAMES),
    max_channels: z.number().int().min(100).max(200_000).default(20_000),
  },
  explain: (p) =>
    `An internal host that contacts one outside destination at regular intervals (${p.min_contacts} contacts or more, gaps between ` +
    `${duration(p.min_interval_s)} and ${duration(p.max_interval_s)} varying by at most ${Math.round(p.max_jitter * 100)}%), sending small, ` +
    `similar amounts each time (under ${formatBytes(p.max_bytes)}), as malware checking in with its controller does. ` +
    `Ports ${p.exclude_ports.join(', ')} and update and time services are left out.`,
  init: (): BoundedMap<Channel> => boundedMap(),
  observe(channels, f, t, p, ctx) {
    if (f.protocol !== TCP && f.protocol !== UDP) return [];
    if (!ctx.isInternal(f.src_ip) || ctx.isInternal(f.dst_ip) || ctx.isExempt(f.src_ip)) return [];
    if (p.exclude_ports.includes(f.dst_port) || nameExcluded(f.application, p.exclude_names)) return [];
    const key = `${f.src_ip}>${f.dst_ip}:${f.dst_port}`;
    let made = false;
    const c = touch(channels, key, p.max_channels, () => {
      made = true;
      return { device: f.device_id, user: null, contact: t, record: t, port: f.src_port, gaps: [], sizes: [f.bytes_out], contacts: 1 };
    });
    c.user = f.user ?? c.user;
    if (!made) {
      const sameConnection = f.src_port === c.port && t - c.record <= FLOW_MAX_SPAN_S * 1000;
      const burst = t - c.contact < p.min_interval_s * 1000;
      if (!sameConnection && !burst) {
        c.gaps.push((t - c.contact) / 1000);
        c.sizes.push(f.bytes_out);
        if (c.gaps.length > p.min_contacts - 1) c.gaps.shift();
        if (c.sizes.length > p.min_contacts) c.sizes.shift();
        c.contact = t;
        c.contacts++;
      }
      c.record = t;
      c.port = f.src_port;
    }
    if (c.gaps.length < p.min_contacts - 1) return [];
    const gaps = spread(c.gaps);
    const sizes = spread(c.sizes);
    if (gaps.cv > p.max_jitter || gaps.mean < p.min_interval_s || gaps.mean > p.max_interval_s) return [];
    if (sizes.mean > p.max_bytes || sizes.cv > p.max_size_cv) return [];
    const odd = !STANDARD_PORTS.has(f.dst_port);
    return [
      {
        key: `${f.src_ip}|${f.dst_ip}:${f.dst_port}`,
        host: { ip: f.src_ip, device_id: c.device },
        peer: f.dst_ip,
        user: c.user,
        title: `Beaconing to ${f.application ?? f.dst_ip}:${f.dst_port}`,
        summary:
          `${f.src_ip} contacted ${f.dst_ip}:${f.dst_port}${f.application ? ` (${f.application})` : ''} about every ${duration(gaps.mean)} ` +
          `(jitter ${Math.round(gaps.cv * 100)}%), sending about ${formatBytes(sizes.mean)} each time, ${c.contacts} times so far.`,
        confidence: 0.6 + 0.35 * (1 - gaps.cv / p.max_jitter),
        first_seen: c.contact - c.gaps.reduce((a, b) => a + b, 0) * 1000,
        last_seen: t,
        facts: { contacts: c.contacts, interval_s: Math.round(gaps.mean), jitter_pct: Math.round(gaps.cv * 100), mean_bytes: Math.round(sizes.mean) },
        techniques: odd ? ['T1071', 'T1571'] : ['T1071'],
      },
    ];
  },
  prune(channels, horizon, p) {
    sweep(channels, (c) => c.record < horizon - p.max_interval_s * 1000 * 1.5);
  },
});
