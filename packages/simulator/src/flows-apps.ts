import type { APPLICATION_SIGNATURES, OTHER_APPLICATION } from '@netloom/domain';
import type { DestinationPool } from './flows-destinations';

/** The name `classifyFlow` gives a record: a signature's name, or 'Other'. */
export type ApplicationName = (typeof APPLICATION_SIGNATURES)[number]['name'] | typeof OTHER_APPLICATION;

/**
 * One kind of traffic of the simulated mix. `share` weighs its bytes at three times of day:
 * office hours, the evening and always (backups, sync, updates at night); a client's traffic is
 * split by these weights among the kinds it uses (`reach`: the share of clients that do).
 */
export interface FlowApp {
  key: string;
  /** What classification should make of its records (tested): the mix is only useful if the panels name it. */
  name: ApplicationName;
  protocol: 'tcp' | 'udp';
  /** Server ports, one picked per flow. */
  ports: readonly number[];
  /** SNI or HTTP host names, the first the most visited; empty when the traffic carries none. */
  hosts: readonly string[];
  /** No SNI to see (media over UDP): the record names the application as a DPI engine would. */
  dpi?: boolean;
  pool: DestinationPool;
  share: { office: number; evening: number; always: number };
  reach: number;
  /** Download bytes one flow typically moves in a minute. */
  flowBytes: number;
  /** Upload as a share of download. */
  upShare: number;
  /** Typical size of a downstream packet. */
  packetBytes: number;
  /** At most this many flows per client and interval: bigger traffic makes bigger flows, not more. */
  maxFlows: number;
  /**
   * Small exchanges of about `flowBytes` that are counted, not weighed (`share` is unused): a DNS
   * lookup comes before a connection and an NTP poll every quarter hour or so, however many bytes
   * the site moves. `perMinute` per client, plus `perFlow` for each of the client's other flows.
   */
  counted?: { perMinute: number; perFlow: number };
  /** Voice and video media: marked EF (DSCP 46) as Teams, Zoom and Webex clients mark it, and open for the whole interval. */
  realtime?: boolean;
  /** A stream: open for the whole interval. */
  long?: boolean;
}

const MB = 1_000_000;

export const FLOW_APPS: readonly FlowApp[] = [
  {
    key: 'web',
    name: 'HTTPS',
    protocol: 'tcp',
    ports: [443],
    hosts: [
      'github.com',
      'en.wikipedia.org',
      'www.bbc.co.uk',
      'stackoverflow.com',
      'www.reuters.com',
      'cdn.jsdelivr.net',
      'www.atlassian.net',
      'news.ycombinator.com',
    ],
    pool: 'web',
    share: { office: 22, evening: 10, always: 3 },
    reach: 1,
    flowBytes: 0.3 * MB,
    upShare: 0.1,
    packetBytes: 1300,
    maxFlows: 12,
  },
  {
    key: 'http',
    name: 'HTTP',
    protocol: 'tcp',
    ports: [80],
    hosts: ['ocsp.digicert.com', 'ctldl.windowsupdate.com', 'crl.globalsign.com', 'connectivitycheck.gstatic.org'],
    pool: 'cdn',
    share: { office: 1, evening: 0.5, always: 0.5 },
    reach: 0.9,
    flowBytes: 0.05 * MB,
    upShare: 0.15,
    packetBytes: 1200,
    maxFlows: 4,
  },
  {
    key: 'google',
    name: 'Google',
    // QUIC: Google's services answer over UDP 443, with the SNI in the Initial packet.
    protocol: 'udp',
    ports: [443],
    hosts: ['www.google.com', 'mail.google.com', 'docs.google.com', 'drive.google.com', 'fonts.gstatic.com', 'www.googleapis.com'],
    pool: 'google',
    share: { office: 6, evening: 3, always: 1 },
    reach: 0.95,
    flowBytes: 0.25 * MB,
    upShare: 0.12,
    packetBytes: 1250,
    maxFlows: 8,
  },
  {
    key: 'microsoft-365',
    name: 'Microsoft 365',
    protocol: 'tcp',
    ports: [443],
    hosts: ['outlook.office365.com', 'login.microsoftonline.com', 'netloom.sharepoint.com', 'www.office.com', 'onedrive.live.com'],
    pool: 'microsoft',
    share: { office: 14, evening: 1, always: 2 },
    reach: 0.9,
    flowBytes: 0.6 * MB,
    upShare: 0.2,
    packetBytes: 1350,
    maxFlows: 8,
  },
  {
    key: 'teams',
    name: 'Microsoft Teams',
    protocol: 'tcp',
    ports: [443],
    hosts: ['teams.microsoft.com', 'teams.cloud.microsoft'],
    pool: 'teams',
    share: { office: 2, evening: 0.1, always: 0.1 },
    reach: 0.7,
    flowBytes: 0.08 * MB,
    upShare: 0.3,
    packetBytes: 900,
    maxFlows: 3,
  },
  {
    key: 'teams-media',
    name: 'Microsoft Teams',
    protocol: 'udp',
    ports: [3478, 3479, 3480, 3481],
    hosts: [],
    dpi: true,
    pool: 'teams',
    share: { office: 10, evening: 0.3, always: 0 },
    reach: 0.6,
    flowBytes: 8 * MB,
    upShare: 0.85,
    packetBytes: 1000,
    maxFlows: 3,
    realtime: true,
  },
  {
    key: 'zoom',
    name: 'Zoom',
    protocol: 'tcp',
    ports: [443],
    hosts: ['zoom.us', 'us05web.zoom.us'],
    pool: 'zoom',
    share: { office: 0.5, evening: 0.05, always: 0 },
    reach: 0.4,
    flowBytes: 0.05 * MB,
    upShare: 0.3,
    packetBytes: 900,
    maxFlows: 2,
  },
  {
    // Zoom's media ports name it without help, so no DPI name: the port classification is exercised too.
    key: 'zoom-media',
    name: 'Zoom',
    protocol: 'udp',
    ports: [8801, 8802, 8803, 8804, 8805, 8806, 8807, 8808, 8809, 8810],
    hosts: [],
    pool: 'zoom',
    share: { office: 7, evening: 0.5, always: 0 },
    reach: 0.4,
    flowBytes: 10 * MB,
    upShare: 0.8,
    packetBytes: 1050,
    maxFlows: 3,
    realtime: true,
  },
  {
    key: 'webex-media',
    name: 'Webex',
    protocol: 'udp',
    ports: [5004],
    hosts: [],
    dpi: true,
    pool: 'webex',
    share: { office: 2, evening: 0, always: 0 },
    reach: 0.15,
    flowBytes: 7 * MB,
    upShare: 0.8,
    packetBytes: 1050,
    maxFlows: 2,
    realtime: true,
  },
  saas('slack', 'Slack', ['app.slack.com', 'files.slack-edge.com', 'wss-primary.slack.com'], 'aws', { office: 1.5, evening: 0.1, always: 0.1 }, 0.4),
  saas(
    'salesforce',
    'Salesforce',
    ['netloom.my.salesforce.com', 'login.salesforce.com', 'c.sfdcstatic.com'],
    'saas',
    { office: 1.5, evening: 0, always: 0 },
    0.25,
  ),
  saas(
    'aws',
    'Amazon Web Services',
    ['d1x2y3z4.cloudfront.net', 's3.amazonaws.com', 'console.aws.amazon.com'],
    'aws',
    { office: 3, evening: 2, always: 1 },
    0.8,
  ),
  saas('dropbox', 'Dropbox', ['www.dropbox.com', 'content.dropboxapi.com'], 'saas', { office: 1.5, evening: 0.3, always: 0.5 }, 0.3),
  saas(
    'apple',
    'Apple iCloud',
    ['www.icloud.com', 'p28-contacts.icloud.com', 'swscan.apple.com', 'is1-ssl.mzstatic.com'],
    'apple',
    { office: 1, evening: 1, always: 1 },
    0.5,
  ),
  saas('linkedin', 'LinkedIn', ['www.linkedin.com', 'media.licdn.com'], 'saas', { office: 1, evening: 0.3, always: 0 }, 0.5),
  saas('facebook', 'Facebook', ['www.facebook.com', 'scontent.xx.fbcdn.net'], 'meta', { office: 1, evening: 3, always: 0.2 }, 0.5),
  saas('instagram', 'Instagram', ['www.instagram.com', 'scontent.cdninstagram.com'], 'meta', { office: 1, evening: 4, always: 0.2 }, 0.5),
  saas('whatsapp', 'WhatsApp', ['web.whatsapp.com', 'mmg.whatsapp.net'], 'meta', { office: 0.8, evening: 1, always: 0.2 }, 0.6),
  saas('tiktok', 'TikTok', ['www.tiktok.com', 'v16-webapp.tiktokcdn.com'], 'cdn', { office: 0.3, evening: 4, always: 0.2 }, 0.3),
  saas('x', 'X (Twitter)', ['x.com', 'pbs.twimg.com'], 'saas', { office: 0.3, evening: 0.8, always: 0.1 }, 0.3),
  {
    key: 'youtube',
    name: 'YouTube',
    protocol: 'udp',
    ports: [443],
    hosts: ['rr3---sn-4g5e6nz7.googlevideo.com', 'www.youtube.com', 'i.ytimg.com'],
    pool: 'google-video',
    share: { office: 4, evening: 22, always: 1 },
    reach: 0.7,
    flowBytes: 25 * MB,
    upShare: 0.02,
    packetBytes: 1350,
    maxFlows: 3,
    long: true,
  },
  {
    key: 'netflix',
    name: 'Netflix',
    protocol: 'tcp',
    ports: [443],
    hosts: ['ipv4-c001-lhr001-ix.1.oca.nflxvideo.net', 'www.netflix.com', 'assets.nflxext.com'],
    pool: 'netflix',
    share: { office: 0.5, evening: 28, always: 0.5 },
    reach: 0.3,
    flowBytes: 35 * MB,
    upShare: 0.015,
    packetBytes: 1448,
    maxFlows: 2,
    long: true,
  },
  {
    key: 'spotify',
    name: 'Spotify',
    protocol: 'tcp',
    ports: [443],
    hosts: ['audio4-fa.scdn.co', 'api.spotify.com', 'spclient.wg.spotify.com'],
    pool: 'cdn',
    share: { office: 2, evening: 2, always: 0.3 },
    reach: 0.35,
    flowBytes: 1.5 * MB,
    upShare: 0.03,
    packetBytes: 1400,
    maxFlows: 2,
    long: true,
  },
  {
    // IMAPS carries an SNI, but not one of a listed service: the port names it.
    key: 'imap',
    name: 'IMAP',
    protocol: 'tcp',
    ports: [993],
    hosts: ['imap.fastmail.com', 'imap.mail.me.com'],
    pool: 'hosting',
    share: { office: 0.3, evening: 0.1, always: 0.1 },
    reach: 0.1,
    flowBytes: 0.1 * MB,
    upShare: 0.1,
    packetBytes: 1200,
    maxFlows: 2,
  },
  {
    key: 'ssh',
    name: 'SSH',
    protocol: 'tcp',
    ports: [22],
    hosts: [],
    pool: 'hosting',
    share: { office: 0.3, evening: 0.05, always: 0.05 },
    reach: 0.08,
    flowBytes: 0.04 * MB,
    upShare: 0.4,
    packetBytes: 150,
    maxFlows: 2,
  },
  {
    key: 'dns',
    name: 'DNS',
    protocol: 'udp',
    ports: [53],
    hosts: [],
    pool: 'dns',
    share: { office: 0, evening: 0, always: 0 },
    reach: 1,
    flowBytes: 220,
    upShare: 0.35,
    packetBytes: 512,
    maxFlows: 20,
    // Most connections find the answer cached; one lookup for every other connection or so.
    counted: { perMinute: 0.3, perFlow: 0.6 },
  },
  {
    key: 'ntp',
    name: 'NTP',
    protocol: 'udp',
    ports: [123],
    hosts: [],
    pool: 'ntp',
    share: { office: 0, evening: 0, always: 0 },
    reach: 1,
    flowBytes: 76,
    upShare: 1,
    packetBytes: 76,
    maxFlows: 1,
    // A settled client polls every 1024 s.
    counted: { perMinute: 60 / 1024, perFlow: 0 },
  },
  {
    // STUN, game servers, the odd VPN on a port of its own: what no signature names.
    key: 'other',
    name: 'Other',
    protocol: 'udp',
    ports: [3478, 27015, 9000],
    hosts: [],
    pool: 'web',
    share: { office: 1, evening: 1.5, always: 0.3 },
    reach: 0.4,
    flowBytes: 0.3 * MB,
    upShare: 0.5,
    packetBytes: 700,
    maxFlows: 2,
  },
];

/** A web application over HTTPS with its own domains: mid-sized flows, mostly downloads. */
function saas(key: string, name: ApplicationName, hosts: string[], pool: DestinationPool, share: FlowApp['share'], reach: number): FlowApp {
  return { key, name, protocol: 'tcp', ports: [443], hosts, pool, share, reach, flowBytes: 0.4 * MB, upShare: 0.12, packetBytes: 1300, maxFlows: 6 };
}

const hourDistance = (a: number, b: number): number => {
  const d = Math.abs(a - b) % 24;
  return Math.min(d, 24 - d);
};
const bump = (hour: number, centre: number, width: number): number => Math.exp(-(hourDistance(hour, centre) ** 2) / (2 * width * width));

/** The weight of an application's bytes (or a browsing category's visits) at a local hour: work apps in office hours, streaming in the evening. */
export function appWeight(app: Pick<FlowApp, 'share'>, localHour: number): number {
  return app.share.office * bump(localHour, 13.5, 3.2) + app.share.evening * bump(localHour, 20.5, 2) + app.share.always;
}
