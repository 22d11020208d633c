import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

/**
 * A small network made of namespaces joined by veth pairs, for the agent's tests on real packets:
 *
 *   root ──mgmt── gw ──lan0── lan (a client)
 *                 gw ──wan0── isp ──r0── remote (203.0.113.10, a server)
 *                 gw ──wan1──────────── remote (100.64.0.1: a second WAN straight to the site, 10.9.9.9 behind it)
 *
 * The gateway's interfaces get their addresses from the agent (the pushes); the rest is set here.
 * Every address is one of the test's own, inside namespaces it made (and the root end of the
 * management link), so nothing leaves the machine.
 */
export const LAB = {
  lanGw: '192.168.50.1',
  lanClient: '192.168.50.10',
  wan0Gw: '198.51.100.2',
  wan0Isp: '198.51.100.1',
  remote: '203.0.113.10',
  wan1Gw: '100.64.0.2',
  wan1Remote: '100.64.0.1',
  site: '10.9.9.9',
} as const;

/** The gateway's interfaces as most lab tests want them: the LAN, and both WANs with their gateways. */
export const LAB_INTERFACES = {
  lan: [{ name: 'lan0', ip: LAB.lanGw, prefix: 24 }],
  wan: [
    { name: 'wan0', mode: 'static', ip: LAB.wan0Gw, prefix: 24, gateway: LAB.wan0Isp },
    { name: 'wan1', mode: 'static', ip: LAB.wan1Gw, prefix: 24, gateway: LAB.wan1Remote },
  ],
  vlans: [],
};

/** The gateway's firewall zones as the lab's tests want them: the LAN forwards anywhere, the WANs masquerade it and forward nothing in. */
export function labZones() {
  const zone = (name: string, interfaces: string[], forward: string, masquerade: boolean) => ({
    id: crypto.randomUUID(),
    name,
    interfaces,
    input: 'accept',
    output: 'accept',
    forward,
    masquerade,
  });
  return [zone('lan', ['lan0'], 'accept', false), zone('wan', ['wan0', 'wan1'], 'reject', true)];
}

/** Why this machine cannot build the lab (not root, no `ip netns`), or null when it can. */
export function labUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'the agent lab needs root (network namespaces, routes, nftables)';
  const probe = spawnSync('ip', ['netns', 'list']);
  if (probe.status !== 0) return `the agent lab needs iproute2 with network namespaces: ${probe.stderr?.toString().trim()}`;
  for (const tool of ['nft', 'dnsmasq', 'python3', 'mosquitto', 'mosquitto_pub']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `the agent lab needs ${tool} (.ci/run installs it)`;
  }
  return null;
}

function sh(args: string[], input?: string): string {
  const ran = spawnSync(args[0]!, args.slice(1), { input, encoding: 'utf8', timeout: 30_000 });
  if (ran.status !== 0) throw new Error(`${args.join(' ')}: ${ran.stderr || ran.stdout}`);
  return ran.stdout;
}

export interface Lab {
  /** The management link's two ends: the server listens on the root end (each lab has its own /30, so labs run side by side). */
  mgmtRoot: string;
  mgmtGw: string;
  ns: { gw: string; lan: string; isp: string; remote: string };
  /** Runs a command in a namespace; its exit status and output. */
  exec(ns: string, args: string[], timeoutMs?: number): { status: number | null; stdout: string; stderr: string };
  /** Asynchronously, for what takes seconds (a DHCP exchange). */
  execAsync(ns: string, args: string[], timeoutMs?: number): Promise<{ status: number | null; stdout: string; stderr: string }>;
  /** A TCP connection from the LAN client: what the far end saw as the client's address, or the error. */
  connectFromLan(host: string, port: number): Promise<string>;
  spawnIn(ns: string, args: string[], opts?: { cwd?: string }): ChildProcess;
  /**
   * FRR's zebra and bgpd in a namespace, as an instance of their own (path space named after the
   * namespace: `vtysh -N <ns>`), with `config` loaded; false when FRR is not installed.
   */
  startFrr(ns: string, config?: string): boolean;
  /**
   * strongSwan's charon in a namespace, with userspace IPsec (kernel-libipsec: this kernel has no
   * XFRM) and files of its own, and `swanctl` loaded into it; its vici socket's URI, or null when
   * strongSwan is not installed.
   */
  startCharon(ns: string, swanctl?: string): string | null;
  /**
   * chronyd in a namespace that never touches the machine's clock (-x): with `serve`, an NTP
   * server of local time (stratum 8) for the lab; else a client reading its sources from
   * `sourcesDir`. Its command socket's path, or null when chrony is not installed.
   */
  startChrony(ns: string, opts: { serve: true } | { sourcesDir: string }): string | null;
  destroy(): void;
}

/** The remote side's TCP servers: each answers with the address it saw the connection come from. */
const ECHO_PEER = `
import socket, threading
def serve(port):
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('0.0.0.0', port)); s.listen(16)
    while True:
        c, a = s.accept(); c.sendall(a[0].encode()); c.close()
for p in (7000, 7001):
    threading.Thread(target=serve, args=(p,), daemon=True).start()
threading.Event().wait()
`;

const CONNECT = `
import socket, sys
try:
    c = socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=3); print(c.recv(64).decode())
except Exception as e:
    print('error: ' + type(e).__name__)
`;

export function buildLab(): Lab {
  // Suites run side by side in one process: each lab has its own names and management subnet.
  const slot = 1 + Math.floor(Math.random() * 250);
  const tag = `${process.pid % 1000}x${slot}`;
  const mgmtRoot = `10.77.${slot}.1`;
  const mgmtGw = `10.77.${slot}.2`;
  const ns = { gw: `nlgw${tag}`, lan: `nllan${tag}`, isp: `nlisp${tag}`, remote: `nlrem${tag}` };
  const mgmtLink = `nlm${tag}`;
  const labDir = `/tmp/netloom-lab-${tag}`;
  const children: ChildProcess[] = [];
  const ip = (...args: string[]) => sh(['ip', ...args]);
  const inNs = (n: string, ...args: string[]) => sh(['ip', 'netns', 'exec', n, ...args]);
  const destroy = () => {
    for (const c of children) c.kill('SIGKILL');
    for (const n of Object.values(ns))
      spawnSync('ip', ['netns', 'pids', n])
        .stdout?.toString()
        .split('\n')
        .filter(Boolean)
        .forEach((pid) => spawnSync('kill', ['-9', pid]));
    for (const n of Object.values(ns)) spawnSync('ip', ['netns', 'del', n]);
    for (const n of Object.values(ns)) spawnSync('rm', ['-rf', `/var/run/frr/${n}`, `/etc/frr/${n}`]);
    spawnSync('ip', ['link', 'del', mgmtLink]);
    spawnSync('rm', ['-rf', labDir]);
  };
  destroy();
  try {
    for (const n of Object.values(ns)) {
      ip('netns', 'add', n);
      ip('-n', n, 'link', 'set', 'lo', 'up');
    }
    // The management link: the server listens on the root end.
    ip('link', 'add', mgmtLink, 'type', 'veth', 'peer', 'name', 'mgmt', 'netns', ns.gw);
    ip('addr', 'add', `${mgmtRoot}/30`, 'dev', mgmtLink);
    ip('link', 'set', mgmtLink, 'up');
    ip('-n', ns.gw, 'addr', 'add', `${mgmtGw}/30`, 'dev', 'mgmt');
    ip('-n', ns.gw, 'link', 'set', 'mgmt', 'up');
    const pair = (a: string, aIf: string, b: string, bIf: string) => ip('-n', a, 'link', 'add', aIf, 'type', 'veth', 'peer', 'name', bIf, 'netns', b);
    pair(ns.gw, 'lan0', ns.lan, 'eth0');
    pair(ns.gw, 'wan0', ns.isp, 'up0');
    pair(ns.gw, 'wan1', ns.remote, 'site0');
    pair(ns.isp, 'r0', ns.remote, 'eth0');
    const up = (n: string, dev: string, cidr?: string) => {
      if (cidr) ip('-n', n, 'addr', 'add', cidr, 'dev', dev);
      ip('-n', n, 'link', 'set', dev, 'up');
    };
    up(ns.lan, 'eth0');
    up(ns.isp, 'up0', `${LAB.wan0Isp}/24`);
    up(ns.isp, 'r0', '203.0.113.1/24');
    up(ns.remote, 'eth0', `${LAB.remote}/24`);
    up(ns.remote, 'site0', `${LAB.wan1Remote}/24`);
    ip('-n', ns.remote, 'addr', 'add', `${LAB.site}/32`, 'dev', 'lo');
    ip('-n', ns.remote, 'route', 'add', 'default', 'via', '203.0.113.1');
    inNs(ns.isp, 'sysctl', '-q', '-w', 'net.ipv4.ip_forward=1');
    for (const n of [ns.gw, ns.remote, ns.isp]) inNs(n, 'sysctl', '-q', '-w', 'net.ipv4.conf.all.rp_filter=0');
    const server = spawn('ip', ['netns', 'exec', ns.remote, 'python3', '-c', ECHO_PEER], { stdio: 'ignore' });
    children.push(server);
  } catch (err) {
    destroy();
    throw err;
  }
  const exec = (n: string, args: string[], timeoutMs = 15_000) => {
    const ran = spawnSync('ip', ['netns', 'exec', n, ...args], { encoding: 'utf8', timeout: timeoutMs });
    return { status: ran.status, stdout: ran.stdout ?? '', stderr: ran.stderr ?? '' };
  };
  const execAsync = (n: string, args: string[], timeoutMs = 30_000) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('ip', ['netns', 'exec', n, ...args], { timeout: timeoutMs });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  return {
    mgmtRoot,
    mgmtGw,
    ns,
    exec,
    execAsync,
    connectFromLan: async (host, port) => (await execAsync(ns.lan, ['python3', '-c', CONNECT, host, String(port)])).stdout.trim(),
    spawnIn: (n, args, opts = {}) => {
      const child = spawn('ip', ['netns', 'exec', n, ...args], { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      return child;
    },
    startCharon: (n, swanctl) => {
      if (!existsSync('/usr/lib/ipsec/charon') || !existsSync('/usr/lib/ipsec/plugins/libstrongswan-kernel-libipsec.so')) return null;
      const dir = `${labDir}/${n}`;
      mkdirSync(dir, { recursive: true });
      const socket = `${dir}/charon.vici`;
      writeFileSync(
        `${dir}/strongswan.conf`,
        `charon {\n  load = random nonce aes sha1 sha2 hmac gmp pem pkcs1 x509 curve25519 kdf kernel-libipsec kernel-netlink socket-default vici\n  plugins {\n    vici { socket = unix://${socket} }\n  }\n}\n`,
      );
      // Its own /run (its pid file) in a mount namespace of its own: two charons side by side.
      const charon = spawn('ip', ['netns', 'exec', n, 'unshare', '-m', 'sh', '-c', 'mount -t tmpfs none /run && exec /usr/lib/ipsec/charon'], {
        env: { ...process.env, STRONGSWAN_CONF: `${dir}/strongswan.conf` },
        stdio: 'ignore',
      });
      children.push(charon);
      const uri = `unix://${socket}`;
      for (let i = 0; i < 50 && spawnSync('swanctl', ['--stats', '--uri', uri]).status !== 0; i++) spawnSync('sleep', ['0.1']);
      if (swanctl) {
        writeFileSync(`${dir}/swanctl.conf`, swanctl);
        inNs(n, 'swanctl', '--load-all', '--noprompt', '--file', `${dir}/swanctl.conf`, '--uri', uri);
      }
      return uri;
    },
    startChrony: (n, opts) => {
      if (spawnSync('sh', ['-c', 'command -v chronyd && command -v chronyc']).status !== 0) return null;
      // chronyd wants its socket's directory closed to others.
      const dir = `${labDir}/${n}/chrony`;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const socket = `${dir}/chronyd.sock`;
      const role = 'serve' in opts ? ['local stratum 8', 'allow all'] : [`sourcedir ${opts.sourcesDir}`, 'port 0'];
      writeFileSync(`${dir}/chrony.conf`, [...role, `bindcmdaddress ${socket}`, 'cmdport 0', `pidfile ${dir}/chronyd.pid`, ''].join('\n'));
      children.push(spawn('ip', ['netns', 'exec', n, 'chronyd', '-n', '-x', '-u', 'root', '-f', `${dir}/chrony.conf`], { stdio: 'ignore' }));
      for (let i = 0; i < 50 && spawnSync('chronyc', ['-h', socket, 'tracking']).status !== 0; i++) spawnSync('sleep', ['0.1']);
      return socket;
    },
    startFrr: (n, config) => {
      if (spawnSync('sh', ['-c', 'command -v vtysh && test -x /usr/lib/frr/bgpd']).status !== 0) return false;
      for (const dir of [`/var/run/frr/${n}`, `/etc/frr/${n}`]) sh(['install', '-d', '-o', 'frr', '-g', 'frr', dir]);
      sh(['install', '-o', 'frr', '-g', 'frr', '-m', '0640', '/dev/null', `/etc/frr/${n}/frr.conf`]);
      sh(['install', '-o', 'frr', '-g', 'frrvty', '-m', '0640', '/dev/null', `/etc/frr/${n}/vtysh.conf`]);
      for (const daemon of ['zebra', 'bgpd']) {
        inNs(n, `/usr/lib/frr/${daemon}`, '-d', '-N', n, '-f', `/etc/frr/${n}/frr.conf`, '-i', `/var/run/frr/${n}/${daemon}.pid`);
      }
      for (
        let i = 0;
        i < 50 && spawnSync('ip', ['netns', 'exec', n, 'vtysh', '-N', n, '-c', 'show daemons']).stdout?.toString().includes('bgpd') !== true;
        i++
      ) {
        spawnSync('sleep', ['0.1']);
      }
      if (config) {
        writeFileSync(`/etc/frr/${n}/lab.conf`, config);
        inNs(n, 'vtysh', '-N', n, '-f', `/etc/frr/${n}/lab.conf`);
      }
      return true;
    },
    destroy,
  };
}
