import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';

/** A free UDP port on loopback (bound for a moment, then let go). */
async function freeUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * A real DNS server on loopback (dnsmasq) answering only the records given: PTR records and host
 * records (A, with their own PTR). Tests point the server's resolver at it, never at the host's.
 */
export async function loopbackDns(records: { ptr?: [address: string, name: string][]; hosts?: [name: string, address: string][] }) {
  const port = await freeUdpPort();
  const arpa = (ip: string) => `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
  const args = [
    '--no-daemon',
    '--conf-file=/dev/null',
    `--port=${port}`,
    '--listen-address=127.0.0.1',
    '--bind-interfaces',
    '--no-resolv',
    '--no-hosts',
    '--pid-file=',
    ...(records.ptr ?? []).map(([ip, name]) => `--ptr-record=${arpa(ip)},${name}`),
    ...(records.hosts ?? []).map(([name, ip]) => `--host-record=${name},${ip}`),
  ];
  const proc: ChildProcess = spawn('dnsmasq', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const server = `127.0.0.1:${port}`;
  const probe = new Resolver({ timeout: 200, tries: 1 });
  probe.setServers([server]);
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`dnsmasq exited: ${stderr}`);
    // Any answer (dnsmasq refuses a name it has no record of, having no upstream) means it is serving.
    const answered = await probe.resolve4('netloom-probe.invalid').then(
      () => true,
      (e: { code?: string }) => e.code !== 'ETIMEOUT' && e.code !== 'ECONNREFUSED',
    );
    if (answered) break;
    if (i > 50) throw new Error(`dnsmasq did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
