import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AGENT_PATH, FLOW_ACTIVE_TIMEOUT_S } from '@netloom/domain';
import { fetchEnrolmentKey } from './enrolment-key';
import { URL_EXPORT_INTERVAL_S, URL_EXPORT_MAX_S } from './url-export';
import { startFleet, type Fleet, type FleetTenant } from './fleet';
import { readStateFile, stateSaver } from './state-file';

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
  --help               this text

Example:
  npm run simulate -- --tenant Acme --user super@demo.test --password netloom-demo \\
    --gateways 20 --endpoints 50 --state .data/sim-acme.json
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

const domains = values['email-domain'];
const tenants: FleetTenant[] = values.key.map((enrolmentKey, i) => ({
  enrolmentKey,
  gateways,
  endpoints,
  emailDomain: domains[i] ?? (i === 0 ? 'example.com' : `example${i + 1}.com`),
}));
if (values.tenant.length > 0) {
  if (!values.user || !values.password) fail('--tenant needs --user and --password');
  const api = values.api ?? values.url.replace(/^ws/, 'http').replace(/\/agent\/.*$/, '');
  for (const name of values.tenant) {
    const enrolmentKey = await fetchEnrolmentKey({ api, user: values.user, password: values.password, tenant: name }).catch((err: Error) => fail(err.message));
    const emailDomain = domains[tenants.length] ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.test`;
    tenants.push({ enrolmentKey, gateways, endpoints, emailDomain });
  }
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
  onSave: () => saver?.schedule(),
  onEvent: (e) => {
    if (e.type === 'enrolled') console.log(`${time()}  enrolled ${e.device.behaviour.name} as ${e.deviceId}`);
    if (e.type === 'job') {
      jobs += 1;
      console.log(`${time()}  job ${e.kind} for ${e.device.behaviour.name}`);
    }
    if (e.type === 'flows_dropped') {
      console.log(`${time()}  ${e.device.behaviour.name} dropped ${e.batches} flow batches (${e.records} records): not acknowledged before its outbox filled`);
    }
    if (e.type === 'url_events_dropped') {
      console.log(
        `${time()}  ${e.device.behaviour.name} dropped ${e.batches} URL event batches (${e.records} events): not acknowledged before its outbox filled`,
      );
    }
    // Normal closes (1000 going offline, 1001 server restart) are routine; anything else is worth a line.
    if (e.type === 'closed' && e.code !== 1000 && e.code !== 1001 && e.code !== 1006) {
      console.log(`${time()}  ${e.device.behaviour.name} closed ${e.code} ${e.reason}`);
    }
  },
});
running = fleet;
console.log(`Simulating ${fleet.devices.length} devices against ${values.url} (seed ${seed})`);

const ticker = setInterval(() => {
  const c = fleet.counts();
  const offline = c.idle + c.connecting + c.backoff + c.away + c.rebooting + c.stopped;
  console.log(`${time()}  connected ${c.connected}  pending ${c.pending}  offline ${offline}  jobs ${jobs}`);
}, 1000);

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
