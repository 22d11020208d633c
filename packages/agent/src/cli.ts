import { parseArgs } from 'node:util';
import { AGENT_PATH } from '@netloom/domain';
import { startAgent } from './agent';

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
    'frr-pathspace': { type: 'string' },
    'strongswan-uri': { type: 'string' },
    'etc-root': { type: 'string' },
    'chrony-sources': { type: 'string' },
    'chronyc-socket': { type: 'string' },
    help: { type: 'boolean' },
  },
});
const server = values.server ?? process.env.NETLOOM_SERVER;
const key = values.key ?? process.env.NETLOOM_KEY;
if (values.help || !server || !key) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (process.getuid?.() !== 0) {
  console.error('netloom-agent: runs as root (it writes routes, nftables tables and runs dnsmasq)');
  process.exit(1);
}
const agent = await startAgent({
  url: agentUrl(server),
  enrolmentKey: key,
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
