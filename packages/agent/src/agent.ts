import { lookup } from 'node:dns/promises';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { configHash, FLOW_ACTIVE_TIMEOUT_S, type ConfigDocument } from '@netloom/domain';
import { DEM_EXPORT_INTERVAL_S, SimulatedDevice, type DeviceEvent, type SavedDevice } from '@netloom/simulator';
import { Applier } from './host/applier';
import { detectCapabilities } from './host/capabilities';
import { Dnsmasq } from './host/dnsmasq';
import { Frr } from './host/frr';
import { DhcpWans } from './host/dhcp-wan';
import { Strongswan } from './host/strongswan';
import { Clock, type ClockOptions } from './host/clock';
import { FlowAccounting, type Conn } from './host/conntrack';
import { installed, run } from './host/exec';
import { readIdentity } from './identity';
import { LinuxGateway } from './linux-gateway';
import { readAgentState, writeAgentState } from './state';
import { ApiGuard } from './host/api-guard';
import { freeLoopbackPort } from './host/loopback-port';
import { ChallengeIssuer } from './host/challenge';
import { DpopChecker } from './host/dpop';
import { NginxWaf } from './host/nginx';
import { WafLogs } from './host/waf-logs';
import { DEBIAN_WAF_PATHS } from './render/nginx-waf';
import { WafEdge } from './waf-edge';
import { DemRunner } from './dem/dem-runner';
import { CpuSampler, endpointContext } from './host/endpoint-context';
import { LinuxEndpoint } from './linux-endpoint';
import { LanEvidence } from './host/lan-evidence';
import { MqttBridge } from './host/mqtt-bridge';

/** The country database the edge's geoip2 module reads (the registries' data, shipped as an npm package). */
const COUNTRY_DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv4.mmdb';

export interface AgentOptions {
  /** The server's agent endpoint, e.g. wss://console.example.com/agent/v1. */
  url: string;
  enrolmentKey: string;
  /** Where the credential and the running document are kept (root only). */
  stateFile: string;
  /** Where its dnsmasq's files live. */
  runDir: string;
  serial?: string;
  name?: string;
  /** Confirm-or-revert window (CONFIRM_WINDOW_MS unless a test shortens it). */
  confirmWindowMs?: number;
  /** Cut a connection the server said nothing on for this long (3 heartbeats by default). */
  silenceMs?: number;
  /** The FRR instance's path space (vtysh -N), when FRR runs as one of several on the box. */
  frrPathspace?: string;
  /** strongSwan's vici socket (charon's default unless the box runs it elsewhere). */
  strongswanUri?: string;
  /** The box's time zone and chrony's sources: Debian's places unless a lab gives its own. */
  clock?: Partial<Omit<ClockOptions, 'stateDir'>>;
  /** Seconds between flow exports (FLOW_ACTIVE_TIMEOUT_S by default); 0: none. */
  flowIntervalS?: number;
  /** A gateway's reports of its LANs: its resolver's DNS queries, the devices it sees, an MQTT broker's readings. */
  lan?: LanReportOptions;
  /** What the box is: an SD-WAN gateway (the default), a WAF edge (waf-edge.ts) or a workforce endpoint (linux-endpoint.ts). */
  role?: AgentRole;
  /** An endpoint's: who is signed in on it, how often it reports its test runs, and how often every test runs whatever its interval. */
  endpoint?: EndpointAgentOptions;
  /** A WAF edge's: where its nginx serves, its run directory (nginx's prefix) and how often it reports. */
  waf?: WafEdgeAgentOptions;
  log?: (line: string) => void;
}

export interface LanReportOptions {
  /** Seconds between `dns_queries` exports (the protocol client's default otherwise); 0: none. */
  dnsIntervalS?: number;
  /** Seconds between `iot_devices` exports (the protocol client's default otherwise); 0: none. */
  iotDevicesIntervalS?: number;
  /** Seconds between `iot_telemetry` exports (the protocol client's default otherwise); 0: none. */
  iotTelemetryIntervalS?: number;
  /** The MQTT broker it bridges (mqtt://host:port) and the topic filters it forwards ('#' by default); none: it bridges nothing. */
  mqtt?: { url: string; topics?: string[] };
}

export const AGENT_ROLES = ['gateway', 'waf-edge', 'endpoint'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

export interface WafEdgeAgentOptions {
  /** The address its applications are served on, with the HTTP and HTTPS ports (0.0.0.0, 80 and 443 by default). */
  listen?: { address: string; http: number; https: number };
  /** nginx's prefix: its configuration, logs and temporary files (`<run dir>/nginx` by default). */
  prefix?: string;
  /** Seconds between `waf_events` exports (FLOW_ACTIVE_TIMEOUT_S by default). */
  eventsIntervalS?: number;
  /** Addresses of load balancers in front of the edge whose X-Forwarded-For names the client. */
  trustForwardedFrom?: string[];
  /** nginx's worker processes ('auto': one per CPU). */
  workers?: number | 'auto';
}

export interface EndpointAgentOptions {
  user?: string;
  /** Seconds between `dem_results` exports (DEM_EXPORT_INTERVAL_S by default). */
  demIntervalS?: number;
  /** Every DEM test runs this often (seconds) instead of its own interval. */
  demEveryS?: number;
}

/** How long the server may say nothing before the agent takes its connection for dead: it pings three times in that span. */
const DEFAULT_SILENCE_MS = 30_000;

/** The agent's own connection to the server is management, not the network's traffic: its flows are left out. */
async function managementConnection(url: string): Promise<(conn: Conn) => boolean> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'wss:' ? 443 : 80));
  const address = await lookup(u.hostname.replace(/^\[|\]$/g, '')).then(
    (a) => a.address,
    () => u.hostname,
  );
  return (conn) => conn.orig.dst === address && conn.orig.dport === port;
}

/** Whether a file can be read (a module nginx would load, the country database). */
const readable = (file: string) =>
  access(file, constants.R_OK).then(
    () => true,
    () => false,
  );

/**
 * After a restart (a reboot empties the kernel, nginx stopped) the box runs again what it ran; if
 * it cannot, it says it runs nothing and gets a full sync.
 */
async function runAgain(saved: SavedDevice | null, apply: (doc: ConfigDocument) => Promise<string | null>, log: (line: string) => void) {
  if (!saved?.config) return saved;
  const error = await apply(saved.config);
  if (error) log(`the saved configuration did not apply again: ${error}`);
  return { ...saved, config: error ? null : saved.config, config_hash: error ? null : configHash(saved.config) };
}

/** What the protocol client of every role is told: its timing, its log, and the state file it keeps (written one save at a time). */
function clientOptions(opts: AgentOptions, log: (line: string) => void) {
  let saving = Promise.resolve();
  return {
    options: {
      url: opts.url,
      enrolmentKey: opts.enrolmentKey,
      random: Math.random,
      urlIntervalS: 0,
      ztnaIntervalS: 0,
      connectorIntervalS: 0,
      nacIntervalS: 0,
      silenceMs: opts.silenceMs ?? DEFAULT_SILENCE_MS,
      ...(opts.confirmWindowMs ? { confirmWindowMs: opts.confirmWindowMs } : {}),
      onEvent: (e: DeviceEvent) => {
        const line = describe(e);
        if (line) log(line);
      },
      onSave: (d: SimulatedDevice) => {
        const state = d.saved();
        saving = saving.then(() => writeAgentState(opts.stateFile, state)).catch((err: Error) => log(`saving state failed: ${err.message}`));
      },
    },
    saved: () => saving,
  };
}

/**
 * The agent as a WAF edge: its own nginx with ModSecurity and the OWASP CRS under its run
 * directory, its DPoP checker on loopback, its logs read every second and reported as
 * `waf_events`. It runs no gateway service (no routes, firewall or dnsmasq) and never touches the
 * box's own nginx.
 */
async function startWafEdge(opts: AgentOptions, log: (line: string) => void) {
  const prefix = opts.waf?.prefix ?? path.join(opts.runDir, 'nginx');
  await mkdir(prefix, { recursive: true, mode: 0o755 });
  const require = createRequire(import.meta.url);
  const countryDb = await Promise.resolve()
    .then(() => require.resolve(COUNTRY_DATABASE))
    .catch(() => null);
  const geoip2 = (await readable(DEBIAN_WAF_PATHS.geoip2Module)) ? DEBIAN_WAF_PATHS.geoip2Module : null;
  const [nginxInstalled, modsecurity, crs] = await Promise.all([
    installed('nginx'),
    readable(DEBIAN_WAF_PATHS.modsecurityModule),
    readable(DEBIAN_WAF_PATHS.crsSetup),
  ]);
  if (!nginxInstalled || !modsecurity || !crs) {
    throw new Error(
      'a WAF edge needs nginx, libnginx-mod-http-modsecurity and modsecurity-crs (apt-get install nginx libnginx-mod-http-modsecurity modsecurity-crs)',
    );
  }
  const dpop = new DpopChecker();
  const dpopChecker = await dpop.start();
  const challenge = new ChallengeIssuer();
  const challenger = { address: await challenge.start(), secret: challenge.secret };
  const relay = await freeLoopbackPort();
  const guard = new ApiGuard({ relayPort: relay, challengeSecret: challenge.secret });
  const guardAddress = await guard.start();
  const nginx = new NginxWaf({
    prefix,
    listen: opts.waf?.listen ?? { address: '0.0.0.0', http: 80, https: 443 },
    modules: { modsecurity: DEBIAN_WAF_PATHS.modsecurityModule, geoip2 },
    crs: { setup: DEBIAN_WAF_PATHS.crsSetup, rules: DEBIAN_WAF_PATHS.crsRules },
    countryDb: geoip2 ? countryDb : null,
    dpopChecker,
    challenger,
    guard: { address: guardAddress, relay },
    ...(opts.waf?.trustForwardedFrom ? { trustForwardedFrom: opts.waf.trustForwardedFrom } : {}),
    ...(opts.waf?.workers ? { workers: opts.waf.workers } : {}),
  });
  const capabilities = ['nginx', 'modsecurity', 'owasp-crs', ...(geoip2 && countryDb ? ['geoip2'] : []), 'dpop', 'js-challenge', 'api-guard'];
  const identity = await readIdentity(capabilities, { serial: opts.serial, name: opts.name });
  log(`${identity.serial} (${identity.os}) as a WAF edge; nginx under ${prefix}`);
  let edge: WafEdge | null = null;
  const logs = new WafLogs(
    path.join(prefix, 'logs'),
    (appId) => edge?.runs?.waf?.applications.find((a) => a.id === appId)?.policy ?? null,
    (requestId) => dpop.takeRefusal(requestId),
    (requestId) => guard.takeNote(requestId),
  );
  edge = new WafEdge({ identity, nginx, logs, guard, helpers: [dpop, challenge, guard], log });
  await edge.start();
  const start = await runAgain(await readAgentState(opts.stateFile), (doc) => edge.apply(doc), log);
  const client = clientOptions(opts, log);
  const device = new SimulatedDevice({
    ...client.options,
    behaviour: edge,
    ...(start ? { saved: start } : {}),
    flowIntervalS: 0,
    wafIntervalS: opts.waf?.eventsIntervalS ?? FLOW_ACTIVE_TIMEOUT_S,
  });
  device.start();
  const running = edge;
  return {
    device,
    gateway: null,
    edge: running,
    async stop() {
      await device.stop();
      await running.stop();
      await client.saved();
    },
  };
}

/**
 * The agent as a workforce endpoint: it changes nothing of the box (no routes, firewall or
 * services), runs the DEM tests it is given and reports them as `dem_results`.
 */
async function startEndpoint(opts: AgentOptions, log: (line: string) => void) {
  const identity = await readIdentity(['dem-http', 'dem-path'], { serial: opts.serial, name: opts.name });
  const user = opts.endpoint?.user?.toLowerCase() ?? null;
  log(`${identity.serial} (${identity.os}) as an endpoint${user ? ` of ${user}` : ''}`);
  const cpu = new CpuSampler();
  cpu.start();
  const runner = new DemRunner({
    context: () => endpointContext(cpu),
    ...(opts.endpoint?.demEveryS ? { everyS: opts.endpoint.demEveryS } : {}),
    log,
  });
  const endpoint = new LinuxEndpoint({ identity, user, runner, log });
  const start = await runAgain(await readAgentState(opts.stateFile), (doc) => endpoint.apply(doc), log);
  const client = clientOptions(opts, log);
  const device = new SimulatedDevice({
    ...client.options,
    behaviour: endpoint,
    ...(start ? { saved: start } : {}),
    flowIntervalS: 0,
    demIntervalS: opts.endpoint?.demIntervalS ?? DEM_EXPORT_INTERVAL_S,
  });
  device.start();
  return {
    device,
    gateway: null,
    edge: null,
    endpoint,
    async stop() {
      endpoint.stop();
      cpu.stop();
      await device.stop();
      await client.saved();
    },
  };
}

const describe = (e: DeviceEvent): string | null => {
  switch (e.type) {
    case 'state':
      return `state ${e.state}`;
    case 'enrolled':
      return `enrolled as device ${e.deviceId}`;
    case 'job':
      return `job ${e.kind} ${e.jobId}`;
    case 'closed':
      return `connection closed (${e.code}${e.reason ? `: ${e.reason}` : ''})`;
    default:
      return null;
  }
};

/**
 * The Netloom agent on this Linux box: finds what the host can run, runs again what it ran before
 * a restart, then speaks the agent protocol to the server (enrolment, heartbeats, pushes with
 * confirm-or-revert, status, drift) through the same protocol client as the simulator.
 */
export async function startAgent(
  opts: AgentOptions,
): Promise<{ device: SimulatedDevice; gateway: LinuxGateway | null; edge: WafEdge | null; endpoint?: LinuxEndpoint; stop(): Promise<void> }> {
  const log = opts.log ?? ((line: string) => console.log(`[netloom-agent] ${line}`));
  if (opts.role === 'waf-edge') return startWafEdge(opts, log);
  if (opts.role === 'endpoint') return startEndpoint(opts, log);
  const frr = new Frr(opts.frrPathspace);
  const strongswan = new Strongswan(opts.strongswanUri ?? 'unix:///var/run/charon.vici', opts.runDir);
  const clockOptions: ClockOptions = {
    etcRoot: opts.clock?.etcRoot ?? '/etc',
    zoneinfo: opts.clock?.zoneinfo ?? '/usr/share/zoneinfo',
    sourcesFile: opts.clock?.sourcesFile ?? '/etc/chrony/sources.d/netloom.sources',
    ...(opts.clock?.chronycSocket ? { chronycSocket: opts.clock.chronycSocket } : {}),
    stateDir: path.dirname(opts.stateFile),
  };
  const caps = await detectCapabilities(frr, strongswan, clockOptions.chronycSocket);
  const links = new Set((JSON.parse((await run('ip', ['-json', 'link'])).stdout || '[]') as { ifname: string }[]).map((l) => l.ifname));
  const identity = await readIdentity(caps, { serial: opts.serial, name: opts.name });
  log(`${identity.serial} (${identity.os}); this host can run: ${identity.capabilities.join(', ') || 'nothing beyond routing'}`);
  // A gateway forwards between its interfaces; an address taken away (a lease given back) leaves the others of its subnet in place.
  await run('sysctl', ['-q', '-w', 'net.ipv4.ip_forward=1', 'net.ipv4.conf.all.promote_secondaries=1', 'net.ipv4.conf.default.promote_secondaries=1']);

  const saved: SavedDevice | null = await readAgentState(opts.stateFile);
  const flows = caps.conntrack && caps.nftables && opts.flowIntervalS !== 0 ? new FlowAccounting(await managementConnection(opts.url)) : undefined;
  await flows?.start().catch((err: Error) => log(`flow accounting is off: ${err.message}`));
  const dnsmasq = new Dnsmasq(opts.runDir);
  const evidence = caps.dnsmasq ? new LanEvidence(dnsmasq.files.log, log) : undefined;
  await evidence?.start();
  const mqtt = opts.lan?.mqtt;
  const telemetry = mqtt ? new MqttBridge({ url: mqtt.url, topics: mqtt.topics?.length ? mqtt.topics : ['#'], log }) : undefined;
  const applier = new Applier(caps, dnsmasq, frr, new DhcpWans(opts.runDir), strongswan, new Clock(clockOptions, caps.chronyd));
  let device: SimulatedDevice | null = null;
  const gateway = new LinuxGateway({
    identity,
    host: { caps, links },
    applier,
    running: null,
    ...(flows ? { flows } : {}),
    ...(evidence ? { evidence } : {}),
    ...(telemetry ? { telemetry } : {}),
    drifted: (runs, families) => {
      log(`the box was changed by hand (${families.join(', ')}): told the server`);
      device?.driftNow(runs);
    },
    log,
  });
  const start = await runAgain(saved, (doc) => gateway.apply(doc), log);
  const client = clientOptions(opts, log);
  device = new SimulatedDevice({
    ...client.options,
    behaviour: gateway,
    ...(start ? { saved: start } : {}),
    flowIntervalS: flows ? (opts.flowIntervalS ?? FLOW_ACTIVE_TIMEOUT_S) : 0,
    ...(opts.lan?.dnsIntervalS === undefined ? {} : { dnsIntervalS: opts.lan.dnsIntervalS }),
    ...(opts.lan?.iotDevicesIntervalS === undefined ? {} : { iotDevicesIntervalS: opts.lan.iotDevicesIntervalS }),
    ...(opts.lan?.iotTelemetryIntervalS === undefined ? {} : { iotTelemetryIntervalS: opts.lan.iotTelemetryIntervalS }),
  });
  device.start();
  return {
    device,
    gateway,
    edge: null,
    async stop() {
      flows?.stop();
      evidence?.stop();
      await telemetry?.stop();
      await device!.stop();
      await client.saved();
    },
  };
}
