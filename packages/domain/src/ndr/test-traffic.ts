import type { NdrDnsQuery, NdrFlow } from './evidence';
import { DAY, dns, flow, HOUR, MIN, seeded } from './test-fixtures';

/**
 * An ordinary office, as the rules must take it: twenty workstations browsing many sites in
 * working hours, a file server answering their SMB, NTP, operating-system updates, a nightly
 * backup uploading gigabytes, a web server in the DMZ answering the internet, and the DNS all of
 * that asks. Seeded: the same traffic on every run.
 */
const WORKSTATIONS = Array.from({ length: 20 }, (_, i) => `10.0.0.${10 + i}`);
export const FILE_SERVER = '10.0.1.5';
export const BACKUP_SERVER = '10.0.2.50';
export const BACKUP_TARGET = '52.95.1.10';
export const WEB_SERVER = '10.0.3.80';
const MAIL_SERVER = '10.0.2.25';
const NTP_POOL = ['162.159.200.1', '162.159.200.123', '45.79.1.70', '129.6.15.28'];
const UPDATE = '20.190.128.10';

const SITES = [
  'www.google.com',
  'www.youtube.com',
  'outlook.office365.com',
  'teams.microsoft.com',
  'www.bbc.co.uk',
  'en.wikipedia.org',
  'github.com',
  'stackoverflow.com',
  'd3k2j1h5g6f7.cloudfront.net',
  'www.nytimes.com',
  'slack.com',
  'app.hubspot.com',
  'www.linkedin.com',
  'login.microsoftonline.com',
  'fonts.gstatic.com',
  'www.amazon.com',
  'api.stripe.com',
  'www.dropbox.com',
  'zoom.us',
  'news.ycombinator.com',
];

const publicIp = (rnd: () => number) =>
  `${[23, 31, 52, 104, 142, 151, 172, 185][Math.floor(rnd() * 8)]}.${Math.floor(rnd() * 250)}.${Math.floor(rnd() * 250)}.${1 + Math.floor(rnd() * 250)}`;
const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

export interface OfficeOptions {
  days: number;
  seed?: number;
  /** Browsing flows per workstation per working hour. */
  browsing?: number;
}

export function officeFlows({ days, seed = 1, browsing = 12 }: OfficeOptions): NdrFlow[] {
  const rnd = seeded(seed);
  const sites = Array.from({ length: 300 }, () => ({ ip: publicIp(rnd), app: pick(rnd, SITES) }));
  const out: NdrFlow[] = [];
  for (let day = 0; day < days; day++) {
    const d = day * DAY;
    for (const [i, host] of WORKSTATIONS.entries()) {
      for (let hour = 8; hour < 18; hour++) {
        for (let k = 0; k < browsing; k++) {
          const site = pick(rnd, sites);
          const port = rnd() < 0.9 ? 443 : 80;
          out.push(
            flow(d + hour * HOUR + Math.floor(rnd() * HOUR), {
              src_ip: host,
              src_port: 49152 + Math.floor(rnd() * 16000),
              dst_ip: site.ip,
              dst_port: port,
              application: site.app,
              bytes_out: 800 + Math.floor(rnd() * 20_000),
              bytes_in: 5_000 + Math.floor(rnd() * 2_000_000),
              user: `user${i}@example.com`,
            }),
          );
        }
        for (let k = 0; k < 4; k++) {
          out.push(
            flow(d + hour * HOUR + Math.floor(rnd() * HOUR), {
              src_ip: host,
              src_port: 49152 + Math.floor(rnd() * 16000),
              dst_ip: FILE_SERVER,
              dst_port: 445,
              bytes_out: 2_000 + Math.floor(rnd() * 500_000),
              bytes_in: 2_000 + Math.floor(rnd() * 5_000_000),
            }),
          );
        }
        // Updates check in about hourly, with the jitter a scheduler gives them.
        out.push(
          flow(d + hour * HOUR + Math.floor(rnd() * 20 * MIN), {
            src_ip: host,
            src_port: 49152 + Math.floor(rnd() * 16000),
            dst_ip: UPDATE,
            application: 'fe2.update.microsoft.com',
            bytes_out: 3_000,
            bytes_in: rnd() < 0.1 ? 150_000_000 : 8_000,
          }),
        );
      }
      // NTP: every 1,024 s all day, a textbook beat, to one pool server per host.
      const ntp = NTP_POOL[i % NTP_POOL.length]!;
      for (let s = 0; s < DAY; s += 1024_000) {
        out.push(
          flow(d + s + i * 1000, {
            src_ip: host,
            src_port: 123,
            dst_ip: ntp,
            dst_port: 123,
            protocol: 17,
            bytes_out: 76,
            bytes_in: 76,
            packets_out: 1,
            packets_in: 1,
          }),
        );
      }
    }
    // The nightly backup: about 2 GB in fifty pieces from 02:00.
    const size = 2e9 * (0.9 + rnd() * 0.2);
    for (let k = 0; k < 50; k++) {
      out.push(
        flow(d + 2 * HOUR + k * 40_000, {
          src_ip: BACKUP_SERVER,
          src_port: 40000 + k,
          dst_ip: BACKUP_TARGET,
          application: 'backup.wasabisys.com',
          bytes_out: Math.round(size / 50),
          bytes_in: 200_000,
        }),
      );
    }
    // The DMZ web server answers the internet around the clock.
    for (let k = 0; k < 200; k++) {
      out.push(
        flow(d + Math.floor(rnd() * DAY), {
          src_ip: publicIp(rnd),
          src_port: 49152 + Math.floor(rnd() * 16000),
          dst_ip: WEB_SERVER,
          dst_port: 443,
          bytes_out: 1_500,
          bytes_in: 60_000,
          packets_out: 10,
          packets_in: 40,
        }),
      );
    }
  }
  return out.sort((a, b) => a.time.localeCompare(b.time));
}

const NAMES = [
  'www.google.com',
  'www.youtube.com',
  'i.ytimg.com',
  'outlook.office365.com',
  'teams.microsoft.com',
  'login.microsoftonline.com',
  'en.wikipedia.org',
  'upload.wikimedia.org',
  'github.com',
  'avatars.githubusercontent.com',
  'stackoverflow.com',
  'cdn.sstatic.net',
  'www.bbc.co.uk',
  'static.files.bbci.co.uk',
  'slack.com',
  'edgeapi.slack.com',
  'fonts.gstatic.com',
  'fonts.googleapis.com',
  'www.amazon.com',
  'm.media-amazon.com',
  'zoom.us',
  'fe2.update.microsoft.com',
  'ctldl.windowsupdate.com',
  'time.windows.com',
  'pool.ntp.org',
  'www.linkedin.com',
  'static.licdn.com',
  'api.stripe.com',
  'js.stripe.com',
  'www.dropbox.com',
];

export function officeDns({ days, seed = 1 }: OfficeOptions): NdrDnsQuery[] {
  const rnd = seeded(seed);
  const out: NdrDnsQuery[] = [];
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rnd() * 16)]).join('');
  for (let day = 0; day < days; day++) {
    const d = day * DAY;
    for (const host of WORKSTATIONS) {
      for (let hour = 8; hour < 18; hour++) {
        for (let k = 0; k < 20; k++) {
          const t = d + hour * HOUR + Math.floor(rnd() * HOUR);
          out.push(dns(t, pick(rnd, NAMES), { client_ip: host, qtype: rnd() < 0.7 ? 'A' : 'AAAA' }));
        }
        // Content networks name their edges with hashes: a few a host each hour.
        for (let k = 0; k < 3; k++) out.push(dns(d + hour * HOUR + Math.floor(rnd() * HOUR), `d${hex(13)}.cloudfront.net`, { client_ip: host }));
        // Typos and expired links.
        if (rnd() < 0.2) out.push(dns(d + hour * HOUR + Math.floor(rnd() * HOUR), 'www.gooogle.con', { client_ip: host, rcode: 'NXDOMAIN' }));
      }
    }
    // The mail server asks blocklists about every sender: reversed addresses under the list's domain.
    for (let k = 0; k < 300; k++) {
      const ip = [1, 2, 3, 4].map(() => Math.floor(rnd() * 256)).join('.');
      out.push(dns(d + Math.floor(rnd() * DAY), `${ip}.zen.spamhaus.org`, { client_ip: MAIL_SERVER, rcode: rnd() < 0.9 ? 'NXDOMAIN' : 'NOERROR' }));
      out.push(dns(d + Math.floor(rnd() * DAY), `${ip.split('.').reverse().join('.')}.in-addr.arpa`, { client_ip: MAIL_SERVER, qtype: 'PTR' }));
    }
    out.push(dns(d + 9 * HOUR, '_dmarc.example.com', { client_ip: MAIL_SERVER, qtype: 'TXT' }));
  }
  return out.sort((a, b) => a.time.localeCompare(b.time));
}
