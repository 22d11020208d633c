import { parseArgs } from 'node:util';
import { AGENT_PATH, isCidr, isIPv4, isMqttTopicFilter, mqttTopicFilterProblem } from '@netloom/domain';
import { AGENT_ROLES, startAgent, type AgentRole, type EndpointAgentOptions, type LanReportOptions, type WafEdgeAgentOptions } from './agent';

const USAGE = `Usage: netloom-agent --server URL --key KEY [--state FILE] [--run-dir DIR] [--serial S] [--name N]

  --server    the console's address (https://console.example.com) or its agent endpoint (wss://…/agent/v1)
  --key       the tenant's enrolment key, or a one-time key
  --state     where the credential and the running configuration are kept (default /var/lib/netloom-agent/state.json)
  --run-dir   where its dnsmasq's files live (default /run/netloom-agent)
  --serial    the serial it enrols with (default: from /etc/machine-id)
  --name      the name it enrols with (default: the host name)
  --frr-pathspace  the FRR instance to drive (vtysh -N), when the box runs several
  --strongswan-uri  charon's vici socket (default unix:///var/run/charon.vici)
  --etc-root  where the box keeps its time zone (localtime, timezone; default /etc)
  --chrony-sources  the agent's NTP sources file, in a directory chrony reads (default /etc/chrony/sources.d/netloom.sources)
  --chronyc-socket  chronyd's command socket, when it is not the default one
  --dns-interval-s  seconds between reports of the DNS queries its dnsmasq answered (default 60; 0: none)
  --iot-devices-interval-s  seconds between reports of the devices on its LANs (default 300; 0: none)
  --mqtt-url  an MQTT broker to bridge (mqtt://127.0.0.1:1883): its readings are reported as IoT telemetry
  --mqtt-topic  a topic filter to bridge (repeatable; default '#')
  --iot-telemetry-interval-s  seconds between reports of the bridged readings (default 30)
  --role      gateway (default) or waf-edge: serve the console's protected applications through nginx, ModSecurity and the OWASP CRS
  --waf-listen  ADDRESS:PORT a WAF edge serves HTTP on (default 0.0.0.0:80)
  --waf-https-port  the port it serves HTTPS on, at the same address (default 443)
  --waf-prefix  its nginx's directory: configuration, logs, temporary files (default RUN_DIR/nginx)
  --waf-events-interval-s  seconds between its access and attack log reports (default 60)
  --waf-trust-forwarded  load balancers in front of it whose X-Forwarded-For names the client (comma-separated addresses or subnets)
  --waf-workers  nginx's worker processes (default: one per CPU)
  --role endpoint  a workforce endpoint: runs the digital experience (DEM) tests it is given and reports them
  --user      the endpoint's user (e-mail), whose experience its tests count for
  --dem-interval-s  seconds between its DEM result reports (default 60)
  --dem-every-s  every DEM test runs this often instead of its own interval (a lab, a demo)
Environment: NETLOOM_SERVER, NETLOOM_KEY stand for --server and --key (the systemd unit's environment file).`;

/** https://host → wss://host/agent/v1; a ws(s) URL with a path is taken as it is. */
export function agentUrl(server: string): string {
  const url = new URL(server);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  if (url.pathname === '/' || url.pathname === '') url.pathname = AGENT_PATH;
  return url.toString();
}

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    key: { type: 'string' },
    state: { type: 'string', default: '/var/lib/netloom-agent/state.json' },
    'run-dir': { type: 'string', default: '/run/netloom-agent' },
    serial: { type: 'string' },
    name: { type: 'string' },
    'confirm-window-ms': { type: 'string' },
    'silence-ms': { type: 'string' },
    'flow-interval-s': { type: 'string' },
    'dns-interval-s': { type: 'string' },
    'iot-devices-interval-s': { type: 'string' },
    'iot-telemetry-interval-s': { type: 'string' },
    'mqtt-url': { type: 'string' },
    'mqtt-topic': { type: 'string', multiple: true },
    'frr-pathspace': { type: 'string' },
    'strongswan-uri': { type: 'string' },
    'etc-root': { type: 'string' },
    'chrony-sources': { type: 'string' },
    'chronyc-socket': { type: 'string' },
    role: { type: 'string', default: 'gateway' },
    'waf-listen': { type: 'string', default: '0.0.0.0:80' },
    'waf-https-port': { type: 'string', default: '443' },
    'waf-prefix': { type: 'string' },
    'waf-events-interval-s': { type: 'string' },
    'waf-trust-forwarded': { type: 'string' },
    'waf-workers': { type: 'string' },
    user: { type: 'string' },
    'dem-interval-s': { type: 'string' },
    'dem-every-s': { type: 'string' },
    help: { type: 'boolean' },
  },
});
const server = values.server ?? process.env.NETLOOM_SERVER;
const key = values.key ?? process.env.NETLOOM_KEY;
if (values.help || !server || !key) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (!(AGENT_ROLES as readonly string[]).includes(values.role)) {
  console.error(`netloom-agent: --role is one of ${AGENT_ROLES.join(', ')}`);
  process.exit(2);
}
const role = values.role as AgentRole;

/** The WAF edge's options from the command line, or why they are wrong. */
function wafOptions(): WafEdgeAgentOptions | string {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(values['waf-listen']);
  const port = (v: string | undefined) => (v !== undefined && /^\d{1,5}$/.test(v) && Number(v) > 0 && Number(v) < 65536 ? Number(v) : null);
  const http = port(m?.[2]);
  const https = port(values['waf-https-port']);
  if (!m || http === null) return '--waf-listen is ADDRESS:PORT (127.0.0.1:8080)';
  if (https === null || https === http) return '--waf-https-port is a port other than the HTTP one';
  const interval = values['waf-events-interval-s'] === undefined ? undefined : Number(values['waf-events-interval-s']);
  if (interval !== undefined && !(interval > 0 && interval <= 600)) return '--waf-events-interval-s is between 0 and 600';
  const workers = values['waf-workers'] === undefined ? undefined : Number(values['waf-workers']);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 64)) return '--waf-workers is between 1 and 64';
  const trusted = values['waf-trust-forwarded']?.split(',').map((a) => a.trim());
  if (trusted?.some((a) => !isIPv4(a) && !isCidr(a))) return '--waf-trust-forwarded is a list of addresses or subnets';
  if (!isIPv4(m[1]!)) return '--waf-listen is ADDRESS:PORT (127.0.0.1:8080)';
  return {
    listen: { address: m[1]!, http, https },
    ...(values['waf-prefix'] ? { prefix: values['waf-prefix'] } : {}),
    ...(interval !== undefined ? { eventsIntervalS: interval } : {}),
    ...(trusted ? { trustForwardedFrom: trusted } : {}),
    ...(workers !== undefined ? { workers } : {}),
  };
}
const waf = role === 'waf-edge' ? wafOptions() : undefined;
if (typeof waf === 'string') {
  console.error(`netloom-agent: ${waf}`);
  process.exit(2);
}

/** The endpoint's options from the command line, or why they are wrong. */
function endpointOptions(): EndpointAgentOptions | string {
  const user = values.user?.trim();
  if (user !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(user)) return '--user is an e-mail address';
  const seconds = (flag: string, text: string | undefined, max: number) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    return n > 0 && n <= max ? n : `${flag} is between 0 and ${max}`;
  };
  const interval = seconds('--dem-interval-s', values['dem-interval-s'], 600);
  const every = seconds('--dem-every-s', values['dem-every-s'], 3600);
  if (typeof interval === 'string') return interval;
  if (typeof every === 'string') return every;
  return { ...(user ? { user } : {}), ...(interval ? { demIntervalS: interval } : {}), ...(every ? { demEveryS: every } : {}) };
}
const endpoint = role === 'endpoint' ? endpointOptions() : undefined;
if (typeof endpoint === 'string') {
  console.error(`netloom-agent: ${endpoint}`);
  process.exit(2);
}
/** The gateway's LAN reports from the command line, or why they are wrong. */
function lanOptions(): LanReportOptions | string {
  const seconds = (flag: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    return n >= 0 && n <= 600 ? n : `${flag} is between 0 (none) and 600`;
  };
  const dns = seconds('--dns-interval-s', values['dns-interval-s']);
  const devices = seconds('--iot-devices-interval-s', values['iot-devices-interval-s']);
  const telemetry = seconds('--iot-telemetry-interval-s', values['iot-telemetry-interval-s']);
  for (const v of [dns, devices, telemetry]) if (typeof v === 'string') return v;
  const url = values['mqtt-url'];
  if (url !== undefined && !URL.canParse(url)) return '--mqtt-url is a URL (mqtt://127.0.0.1:1883)';
  if (url !== undefined && !['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(new URL(url).protocol)) return '--mqtt-url is mqtt://, mqtts://, ws:// or wss://';
  const topics = values['mqtt-topic'] ?? [];
  const bad = topics.find((t) => !isMqttTopicFilter(t));
  if (bad !== undefined) return `--mqtt-topic '${bad}' is not a topic filter: ${mqttTopicFilterProblem(bad)}`;
  return {
    ...(typeof dns === 'number' ? { dnsIntervalS: dns } : {}),
    ...(typeof devices === 'number' ? { iotDevicesIntervalS: devices } : {}),
    ...(typeof telemetry === 'number' ? { iotTelemetryIntervalS: telemetry } : {}),
    ...(url ? { mqtt: { url, topics } } : {}),
  };
}
const lan = role === 'gateway' ? lanOptions() : undefined;
if (typeof lan === 'string') {
  console.error(`netloom-agent: ${lan}`);
  process.exit(2);
}
// A WAF edge or an endpoint writes nothing of the kernel's: it runs as any user that may write its directories (and bind an edge's ports).
if (role === 'gateway' && process.getuid?.() !== 0) {
  console.error('netloom-agent: runs as root (it writes routes, nftables tables and runs dnsmasq)');
  process.exit(1);
}
const agent = await startAgent({
  url: agentUrl(server),
  enrolmentKey: key,
  role,
  ...(waf ? { waf } : {}),
  ...(endpoint ? { endpoint } : {}),
  ...(lan ? { lan } : {}),
  stateFile: values.state,
  runDir: values['run-dir'],
  ...(values.serial ? { serial: values.serial } : {}),
  ...(values.name ? { name: values.name } : {}),
  ...(values['confirm-window-ms'] ? { confirmWindowMs: Number(values['confirm-window-ms']) } : {}),
  ...(values['silence-ms'] ? { silenceMs: Number(values['silence-ms']) } : {}),
  ...(values['flow-interval-s'] ? { flowIntervalS: Number(values['flow-interval-s']) } : {}),
  ...(values['frr-pathspace'] ? { frrPathspace: values['frr-pathspace'] } : {}),
  ...(values['strongswan-uri'] ? { strongswanUri: values['strongswan-uri'] } : {}),
  clock: {
    ...(values['etc-root'] ? { etcRoot: values['etc-root'] } : {}),
    ...(values['chrony-sources'] ? { sourcesFile: values['chrony-sources'] } : {}),
    ...(values['chronyc-socket'] ? { chronycSocket: values['chronyc-socket'] } : {}),
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void agent.stop().then(() => process.exit(0)));
}
