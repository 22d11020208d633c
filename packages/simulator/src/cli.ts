import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AGENT_PATH, ENDPOINT_OSES, FLOW_ACTIVE_TIMEOUT_S, type EndpointOs } from '@netloom/domain';
import { tenantApi, type TenantApi } from './enrolment-key';
import { URL_EXPORT_INTERVAL_S, URL_EXPORT_MAX_S } from './url-export';
import { WAF_EXPORT_INTERVAL_S, WAF_EXPORT_MAX_S } from './waf-export';
import { DEFAULT_GUARD_SCRIPTS } from './waf-guard-traffic';
import { DEM_EXPORT_INTERVAL_S, DEM_EXPORT_MAX_S } from './dem-export';
import { EXPERIENCE_COMMANDS, parseExperienceCommand } from './dem-commands';
import { SCENARIO_COMMANDS, parseScenarioCommand } from './ndr-commands';
import { NDR_SCENARIOS, isNdrScenario, type NdrScenarioKind } from './ndr-scenarios';
import { EVIDENCE_EXPORT_MAX_S } from './evidence-export';
import { OPTIONAL_EXPORT_TYPES, protocolCarries } from './optional-exports';
import { endpointExperience, ndrScenario, startFleet, type Fleet, type FleetTenant } from './fleet';
import { readStateFile, stateSaver } from './state-file';
import { EndpointBehaviour } from './endpoint-behaviour';
import { GatewayBehaviour } from './gateway-behaviour';
import { CONNECTOR_HEALTH_INTERVAL_S } from './connector-health';
import { NAC_REPORT_INTERVAL_S } from './nac-hosts';
import type { EndpointSpec } from './profiles';
import { DEFAULT_MAX_SESSION_S, DEFAULT_UPDATE_DELAY_MS } from './ztna-client';
import { ZTNA_EXPORT_INTERVAL_S, ZTNA_EXPORT_MAX_S } from './ztna-export';
import { parsePostureChoice, POSTURE_FAILURES } from './ztna-posture';
import { DEFAULT_ATTEMPTS_PER_MINUTE } from './ztna-sessions';

const USAGE = `Netloom fleet simulator: SD-WAN gateways and ZTNA endpoints speaking the agent protocol.

Usage: npm run simulate -- [options]

  --url URL            agent endpoint (default ws://127.0.0.1:8080${AGENT_PATH})
  --key KEY            a tenant enrolment key (repeatable: one fleet per key)
  --tenant NAME        read the key of this tenant through the REST API (repeatable)
  --api URL            console URL for --tenant (default: --url's host over http)
  --user EMAIL         login for --tenant (a super admin, or a manager of the tenant)
  --password PASSWORD  its password
  --email-domain D     domain of the endpoint users, one per tenant in order
                       (keys first, then --tenant names; default <tenant>.test,
                       or example.com, example2.com… for keys). With the seed it
                       makes the serials: keep it when you reuse a --state file
  --gateways N         SD-WAN gateways per tenant (default 5)
  --endpoints M        ZTNA endpoints per tenant (default 5)
  --seed S             same seed, same fleet (default: the state file's, else 1)
  --state FILE         keep credentials and sequence numbers between runs
  --duration SECONDS   stop after this long (default 0: until Ctrl-C)
  --drift CHANCE       chance per heartbeat (0 to 1) that someone changes a
                       configured gateway on the box (default 0)
  --flow-interval SECONDS
                       devices export their flow records this often, each
                       export covering the interval before it (default 60,
                       the active timeout, and at most that; 0: no flows).
                       A short one (2) fills the traffic charts in seconds
  --url-interval SECONDS
                       devices running the tenant's web filter report the
                       web requests they decided this often (default 60, at
                       most 600; 0: no URL events)
  --visits-per-minute N
                       a keen user's page visits per minute at the busiest
                       hour (default 1.5; raise it for a lively demo)

Zero-trust access:
  --ztna-interval SECONDS
                       endpoints running a ztna section report the
                       connections their users tried this often (default 60,
                       at most 600; 0: none), with their relay latencies
  --ztna-per-minute N  connections a keen user tries per minute at the
                       busiest hour (default 1)
  --ztna-session-max SECONDS
                       no connection lasts longer (default 7200); a short one
                       (5) shows allowed sessions in the logs within seconds
  --update-delay SECONDS
                       a client update named by an endpoint's configuration
                       is installed this long after it arrives (default 30)
  --connector SITE     gateways are app connectors (hello device_type
                       app-connector) of this site; with --user/--password
                       each is made the site's connector through the REST
                       API once enrolled (else do it in the console or with
                       POST tenant/connector/)
  --connectors N       only the first N gateways per tenant are app connectors
                       (default: every gateway, with --connector)
  --connector-interval SECONDS
                       app connectors report their health this often
                       (default 30; 0: never)
  --nac-interval SECONDS
                       gateways report the hosts on their LANs this often
                       (default 300; 0: never)
  --endpoint-user EMAIL
                       the first endpoints of each tenant sign in as these
                       users, in order (repeatable)
  --endpoint-os OS     their systems, in the same order (repeatable):
                       ${ENDPOINT_OSES.join(', ')}
  --endpoint-posture SPEC
                       their posture, in the same order (repeatable): pass,
                       or the checks it fails, comma-separated:
                       ${POSTURE_FAILURES.join(', ')}
                       (default: the posture the seed gives each endpoint)
  --endpoint-wifi DBM  their Wi-Fi signal to start with, in the same order
                       (repeatable; e.g. -85: the DEM tests suffer)

Digital experience (DEM):
  --dem-interval SECONDS
                       endpoints running a dem section report their test
                       results this often (default ${DEM_EXPORT_INTERVAL_S}, at most ${DEM_EXPORT_MAX_S}; 0: none)
  --dem-every SECONDS  every test runs this often whatever its interval
                       (default: the test's own interval; 5 for a lively demo)
  A new test runs within 3 s of the configuration that names it.

${EXPERIENCE_COMMANDS.replace(/^/gm, '  ')}

NDR and IoT Gateway evidence (each on by default once the agent protocol has
its message, ${OPTIONAL_EXPORT_TYPES.filter(protocolCarries).join(', ') || 'none yet'} here; 0: none):
  --dns-interval SECONDS
                       gateways' and endpoints' resolver logs (default 60)
  --ids-interval SECONDS
                       gateways running IDS/IPS send their alerts (default 60)
  --iot-sites N        the last N gateways per tenant are IoT sites (default 0):
                       they report their LANs' devices and bridge their
                       sensors' MQTT (one embedded broker on loopback)
  --iot-interval SECONDS
                       IoT sites report their LANs' devices (default 300)
  --telemetry-interval SECONDS
                       IoT sites send their bridged readings (default 30)
  --scenario KIND      from the start, the first gateway of each tenant (the
                       first IoT site for camera-new-country) runs this NDR
                       scenario (repeatable): ${NDR_SCENARIOS.join(', ')}

${SCENARIO_COMMANDS.replace(/^/gm, '  ')}

QShield (WAF):
  --waf-pops N         simulated QShield POPs per tenant (default 0); each
                       serves the applications the tenant gives it
  --waf-interval SECONDS
                       POPs report their access and attack logs this often
                       (default 60, at most 600; 0: none)
  --waf-scripted-runs CHANCE
                       chance per report (0 to 1) that a GraphQL scanner and a
                       credential-stuffing script come (default ${DEFAULT_GUARD_SCRIPTS.scannerChance} and
                       ${DEFAULT_GUARD_SCRIPTS.stuffingChance}); 1 shows them on the pages within one report

  --help               this text

Example:
  npm run simulate -- --tenant Acme --user super@demo.test --password netloom-demo \\
    --gateways 20 --endpoints 50 --state .data/sim-acme.json

  An app connector of site HQ and two users, the second with the firewall off:
  npm run simulate -- --key KEY --gateways 1 --connector HQ --endpoints 2 \\
    --endpoint-user ana@acme.test --endpoint-posture pass \\
    --endpoint-user bo@acme.test --endpoint-posture firewall-off \\
    --ztna-interval 2 --ztna-session-max 5
`;

function fail(message: string): never {
  console.error(`simulate: ${message}\n\nRun with --help for the options.`);
  process.exit(2);
}

const OPTIONS = {
  url: { type: 'string', default: `ws://127.0.0.1:8080${AGENT_PATH}` },
  key: { type: 'string', multiple: true, default: [] as string[] },
  tenant: { type: 'string', multiple: true, default: [] as string[] },
  api: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  'email-domain': { type: 'string', multiple: true, default: [] as string[] },
  gateways: { type: 'string', default: '5' },
  endpoints: { type: 'string', default: '5' },
  seed: { type: 'string' },
  state: { type: 'string' },
  duration: { type: 'string', default: '0' },
  drift: { type: 'string', default: '0' },
  'flow-interval': { type: 'string', default: String(FLOW_ACTIVE_TIMEOUT_S) },
  'url-interval': { type: 'string', default: String(URL_EXPORT_INTERVAL_S) },
  'visits-per-minute': { type: 'string', default: '1.5' },
  'ztna-interval': { type: 'string', default: String(ZTNA_EXPORT_INTERVAL_S) },
  'ztna-per-minute': { type: 'string', default: String(DEFAULT_ATTEMPTS_PER_MINUTE) },
  'ztna-session-max': { type: 'string', default: String(DEFAULT_MAX_SESSION_S) },
  'update-delay': { type: 'string', default: String(DEFAULT_UPDATE_DELAY_MS / 1000) },
  connector: { type: 'string' },
  connectors: { type: 'string' },
  'connector-interval': { type: 'string', default: String(CONNECTOR_HEALTH_INTERVAL_S) },
  'nac-interval': { type: 'string', default: String(NAC_REPORT_INTERVAL_S) },
  'endpoint-user': { type: 'string', multiple: true, default: [] as string[] },
  'endpoint-os': { type: 'string', multiple: true, default: [] as string[] },
  'endpoint-posture': { type: 'string', multiple: true, default: [] as string[] },
  'endpoint-wifi': { type: 'string', multiple: true, default: [] as string[] },
  'dem-interval': { type: 'string', default: String(DEM_EXPORT_INTERVAL_S) },
  'dem-every': { type: 'string' },
  'waf-pops': { type: 'string', default: '0' },
  'waf-interval': { type: 'string', default: String(WAF_EXPORT_INTERVAL_S) },
  'waf-scripted-runs': { type: 'string' },
  'dns-interval': { type: 'string' },
  'ids-interval': { type: 'string' },
  'iot-sites': { type: 'string', default: '0' },
  'iot-interval': { type: 'string' },
  'telemetry-interval': { type: 'string' },
  scenario: { type: 'string', multiple: true, default: [] as string[] },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

const parsed = (() => {
  try {
    return parseArgs({ options: OPTIONS, strict: true });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
const { values } = parsed;

function count(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number, got ${text}`);
  return n;
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const gateways = count('gateways', values.gateways);
const endpoints = count('endpoints', values.endpoints);
const duration = count('duration', values.duration);
const driftChance = Number(values.drift);
if (!(driftChance >= 0 && driftChance <= 1)) fail(`--drift must be a chance between 0 and 1, got ${values.drift}`);
const flowIntervalS = /^\d+(\.\d+)?$/.test(values['flow-interval']) ? Number(values['flow-interval']) : NaN;
if (!(flowIntervalS >= 0 && flowIntervalS <= FLOW_ACTIVE_TIMEOUT_S)) {
  fail(`--flow-interval must be between 0 (off) and ${FLOW_ACTIVE_TIMEOUT_S} seconds, got ${values['flow-interval']}`);
}
const urlIntervalS = /^\d+(\.\d+)?$/.test(values['url-interval']) ? Number(values['url-interval']) : NaN;
if (!(urlIntervalS >= 0 && urlIntervalS <= URL_EXPORT_MAX_S)) {
  fail(`--url-interval must be between 0 (off) and ${URL_EXPORT_MAX_S} seconds, got ${values['url-interval']}`);
}
const visitsPerMinute = /^\d+(\.\d+)?$/.test(values['visits-per-minute']) ? Number(values['visits-per-minute']) : NaN;
if (!(visitsPerMinute > 0 && visitsPerMinute <= 600)) fail(`--visits-per-minute must be above 0 and at most 600, got ${values['visits-per-minute']}`);
if (values.key.length === 0 && values.tenant.length === 0) fail('give at least one --key or --tenant');

/** Seconds from a flag, within [min, max]. */
function seconds(name: keyof typeof values, min: number, max: number, what = 'seconds'): number {
  const text = String(values[name]);
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) fail(`--${name} must be between ${min} and ${max} ${what}, got ${text}`);
  return n;
}
const ztnaIntervalS = seconds('ztna-interval', 0, ZTNA_EXPORT_MAX_S);
const ztnaPerMinute = seconds('ztna-per-minute', 0, 600, 'connections a minute');
const ztnaSessionMaxS = seconds('ztna-session-max', 0.1, 7 * 86_400);
const updateDelayS = seconds('update-delay', 0, 86_400);
const connectorIntervalS = seconds('connector-interval', 0, 3_600);
const nacIntervalS = seconds('nac-interval', 0, 86_400);
const demIntervalS = seconds('dem-interval', 0, DEM_EXPORT_MAX_S);
const demEveryS = values['dem-every'] === undefined ? null : seconds('dem-every', 1, 3600);
const wafPops = count('waf-pops', values['waf-pops']);
const wafIntervalS = seconds('waf-interval', 0, WAF_EXPORT_MAX_S);
const wafScriptedRuns = values['waf-scripted-runs'] === undefined ? null : Number(values['waf-scripted-runs']);
if (wafScriptedRuns !== null && !(wafScriptedRuns >= 0 && wafScriptedRuns <= 1)) {
  fail(`--waf-scripted-runs must be a chance between 0 and 1, got ${values['waf-scripted-runs']}`);
}
/** An evidence export's interval: unset, its default (on when the protocol carries it). */
const evidenceSeconds = (name: 'dns-interval' | 'ids-interval' | 'iot-interval' | 'telemetry-interval'): number | undefined =>
  values[name] === undefined ? undefined : seconds(name, 0, EVIDENCE_EXPORT_MAX_S);
const dnsIntervalS = evidenceSeconds('dns-interval');
const idsIntervalS = evidenceSeconds('ids-interval');
const iotDevicesIntervalS = evidenceSeconds('iot-interval');
const iotTelemetryIntervalS = evidenceSeconds('telemetry-interval');
const iotSites = count('iot-sites', values['iot-sites']);
const scenarios: NdrScenarioKind[] = values.scenario.map((k) =>
  isNdrScenario(k) ? k : fail(`--scenario must be one of ${NDR_SCENARIOS.join(', ')}, got ${k}`),
);
if (scenarios.includes('camera-new-country') && iotSites === 0) fail('--scenario camera-new-country needs an IoT site (--iot-sites 1 or more)');
const site = values.connector?.trim();
if (values.connector !== undefined && !site) fail('--connector needs the name of a site');
if (values.connectors !== undefined && !site) fail('--connectors needs --connector SITE');
const appConnectors = site ? (values.connectors !== undefined ? count('connectors', values.connectors) : gateways) : 0;
const endpointSpecs: EndpointSpec[] = [];
values['endpoint-user'].forEach((user, i) => {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(user)) fail(`--endpoint-user must be an e-mail address, got ${user}`);
  (endpointSpecs[i] ??= {}).user = user.toLowerCase();
});
values['endpoint-os'].forEach((os, i) => {
  if (!(ENDPOINT_OSES as readonly string[]).includes(os)) fail(`--endpoint-os must be one of ${ENDPOINT_OSES.join(', ')}, got ${os}`);
  (endpointSpecs[i] ??= {}).os = os as EndpointOs;
});
values['endpoint-posture'].forEach((text, i) => {
  const posture = parsePostureChoice(text);
  if (!posture) fail(`--endpoint-posture must be pass or some of ${POSTURE_FAILURES.join(', ')} (comma-separated), got ${text}`);
  (endpointSpecs[i] ??= {}).posture = posture;
});
values['endpoint-wifi'].forEach((text, i) => {
  const dbm = /^-\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(dbm >= -100 && dbm <= -20)) fail(`--endpoint-wifi must be a signal between -100 and -20 dBm, got ${text}`);
  (endpointSpecs[i] ??= {}).wifiDbm = dbm;
});
if (endpointSpecs.length > endpoints) fail(`${endpointSpecs.length} endpoints chosen (--endpoint-*) but --endpoints is ${endpoints}`);

const domains = values['email-domain'];
const shape = { gateways, endpoints, appConnectors, wafPops, iotSites: Math.min(iotSites, gateways), ...(endpointSpecs.length ? { endpointSpecs } : {}) };
const tenants: FleetTenant[] = values.key.map((enrolmentKey, i) => ({
  enrolmentKey,
  ...shape,
  emailDomain: domains[i] ?? (i === 0 ? 'example.com' : `example${i + 1}.com`),
}));
/** The REST API of each tenant by its enrolment key, where the console login is given: app connectors are registered through it. */
const apis = new Map<string, TenantApi>();
const api = values.api ?? values.url.replace(/^ws/, 'http').replace(/\/agent\/.*$/, '');
const signIn = (tenant?: string) =>
  tenantApi({ api, user: values.user!, password: values.password!, ...(tenant ? { tenant } : {}) }).catch((err: Error) => fail(err.message));
if (values.tenant.length > 0) {
  if (!values.user || !values.password) fail('--tenant needs --user and --password');
  for (const name of values.tenant) {
    const tenantCalls = await signIn(name);
    const enrolmentKey = await tenantCalls.enrolmentKey().catch((err: Error) => fail(err.message));
    apis.set(enrolmentKey, tenantCalls);
    const emailDomain = domains[tenants.length] ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.test`;
    tenants.push({ enrolmentKey, ...shape, emailDomain });
  }
}
// With --key, the login's own tenant (the key's, as an owner or admin would use it).
if (site && values.user && values.password && values.key.length > 0) {
  const own = await signIn();
  for (const key of values.key) apis.set(key, own);
}

const saved = values.state ? await readStateFile(values.state) : null;
const seed = values.seed !== undefined ? count('seed', values.seed) : (saved?.seed ?? 1);
let running: Fleet | null = null;
// Devices of other seeds in the same file keep their entries.
const saver = values.state ? stateSaver(values.state, () => ({ seed, devices: { ...saved?.devices, ...running?.saved() } })) : null;

const time = () => new Date().toISOString().slice(11, 19);
let jobs = 0;
const fleet = startFleet({
  url: values.url,
  tenants,
  seed,
  saved: saved?.devices,
  driftChance,
  flowIntervalS,
  urlIntervalS,
  visitsPerMinute,
  ztnaIntervalS,
  ztna: { attemptsPerMinute: ztnaPerMinute, maxSessionS: ztnaSessionMaxS, updateDelayMs: updateDelayS * 1000 },
  connectorIntervalS,
  nacIntervalS,
  dnsIntervalS,
  idsIntervalS,
  iotDevicesIntervalS,
  iotTelemetryIntervalS,
  wafIntervalS,
  demIntervalS,
  ...(demEveryS !== null ? { dem: { everyS: demEveryS } } : {}),
  ...(wafScriptedRuns !== null ? { wafScripts: { scannerChance: wafScriptedRuns, stuffingChance: wafScriptedRuns } } : {}),
  onSave: () => saver?.schedule(),
  onEvent: (e) => {
    if (e.type === 'enrolled') {
      const b = e.device.behaviour;
      const connector = b instanceof GatewayBehaviour && b.roles.appConnector;
      const what = b instanceof EndpointBehaviour ? `endpoint, ${b.profile.user}` : connector ? `gateway, app connector of ${site}` : 'gateway';
      console.log(`${time()}  enrolled ${b.name} as ${e.deviceId} (${what})`);
      const calls = apis.get(e.device.enrolmentKey);
      if (connector && site && calls) {
        calls.registerConnector(e.deviceId, site).then(
          () => console.log(`${time()}  ${b.name} is the app connector of ${site}`),
          (err: Error) => console.log(`${time()}  ${b.name} could not be made the app connector of ${site}: ${err.message}`),
        );
      }
    }
    if (e.type === 'job') {
      jobs += 1;
      console.log(`${time()}  job ${e.kind} for ${e.device.behaviour.name}`);
    }
    if (e.type === 'flows_dropped') {
      console.log(`${time()}  ${e.device.behaviour.name} dropped ${e.batches} flow batches (${e.records} records): not acknowledged before its outbox filled`);
    }
    if (e.type === 'ztna_sessions_dropped') {
      console.log(
        `${time()}  ${e.device.behaviour.name} dropped ${e.batches} session batches (${e.records} sessions): not acknowledged before its outbox filled`,
      );
    }
    if (e.type === 'dem_results_dropped') {
      console.log(
        `${time()}  ${e.device.behaviour.name} dropped ${e.batches} DEM result batches (${e.records} test runs): not acknowledged before its outbox filled`,
      );
    }
    if (e.type === 'url_events_dropped') {
      console.log(
        `${time()}  ${e.device.behaviour.name} dropped ${e.batches} URL event batches (${e.records} events): not acknowledged before its outbox filled`,
      );
    }
    if (e.type === 'evidence_dropped') {
      console.log(
        `${time()}  ${e.device.behaviour.name} dropped ${e.batches} ${e.message} batches (${e.records} records): not acknowledged before its outbox filled`,
      );
    }
    if (e.type === 'export_refused') {
      console.log(`${time()}  ${e.device.behaviour.name}: the server refused ${e.message} (${e.reason}); that export is off for this run`);
    }
    // Normal closes (1000 going offline, 1001 server restart) are routine; anything else is worth a line.
    if (e.type === 'closed' && e.code !== 1000 && e.code !== 1001 && e.code !== 1006) {
      console.log(`${time()}  ${e.device.behaviour.name} closed ${e.code} ${e.reason}`);
    }
  },
});
running = fleet;
// Scenarios from the start: on the first gateway of each tenant (its first IoT site for a camera's).
for (const kind of scenarios) {
  for (const t of tenants) {
    const gateways = fleet.devices.filter((d) => d.enrolmentKey === t.enrolmentKey && d.behaviour instanceof GatewayBehaviour);
    const gateway = kind === 'camera-new-country' ? gateways.find((d) => (d.behaviour as GatewayBehaviour).roles.iotSite) : gateways[0];
    if (gateway) console.log(`${time()}  ${ndrScenario(fleet.devices, gateway.serial, kind)}`);
  }
}
console.log(`Simulating ${fleet.devices.length} devices against ${values.url} (seed ${seed})`);
if (site && apis.size === 0) {
  console.log(`App connectors of ${site}: make each the site's connector in the console, or with POST tenant/connector/ (or give --user and --password)`);
}

const ticker = setInterval(() => {
  const c = fleet.counts();
  const offline = c.idle + c.connecting + c.backoff + c.away + c.rebooting + c.stopped;
  console.log(`${time()}  connected ${c.connected}  pending ${c.pending}  offline ${offline}  jobs ${jobs}`);
}, 1000);

// The operator degrades an endpoint's experience while it runs (EXPERIENCE_COMMANDS).
createInterface({ input: process.stdin, terminal: false }).on('line', (line) => {
  if (!line.trim()) return;
  const scenario = parseScenarioCommand(line);
  if (typeof scenario === 'string') return console.log(`${time()}  ${scenario}`);
  if (scenario) return console.log(`${time()}  ${ndrScenario(fleet.devices, scenario.who, scenario.kind, scenario.host)}`);
  const command = parseExperienceCommand(line);
  if (typeof command === 'string') return console.log(`${time()}  ${command}`);
  const experience = endpointExperience(fleet.devices, command.who);
  if (!experience) return console.log(`${time()}  no endpoint is ${command.who}`);
  if ('heal' in command) experience.heal();
  else experience.set(command.change);
  console.log(`${time()}  ${command.who}: ${JSON.stringify(experience.changed)}`);
});

let stopping = false;
async function shutdown(why: string): Promise<void> {
  if (stopping) process.exit(1); // a second Ctrl-C does not wait
  stopping = true;
  clearInterval(ticker);
  console.log(`${time()}  ${why}: taking ${fleet.devices.length} devices offline`);
  await fleet.stop();
  await saver?.flush();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
if (duration > 0) setTimeout(() => void shutdown(`${duration} s elapsed`), duration * 1000);
