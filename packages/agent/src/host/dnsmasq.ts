import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConfigDocument } from '@netloom/domain';
import { dnsmasqConf, type DnsmasqFiles } from '../render/dnsmasq';
import { must } from './exec';

const readOrNull = (file: string) => readFile(file, 'utf8').catch(() => null);

/** Whether a process has ended within `ms` (its /proc entry gone). */
async function gone(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    if ((await readOrNull(`/proc/${pid}/stat`)) === null) return true;
  }
  return false;
}

export interface Lease {
  expiresAt: number;
  mac: string;
  ip: string;
  hostname: string;
}

/**
 * The dnsmasq instance the agent owns (DHCP and its DNS filter): its own configuration file, lease
 * file and pid file under the agent's run directory. Another dnsmasq of the box is never touched.
 */
export class Dnsmasq {
  readonly files: Required<DnsmasqFiles>;

  constructor(runDir: string) {
    this.files = {
      conf: path.join(runDir, 'dnsmasq.conf'),
      leases: path.join(runDir, 'dnsmasq.leases'),
      pid: path.join(runDir, 'dnsmasq.pid'),
      log: path.join(runDir, 'dnsmasq.log'),
    };
  }

  /** Its process, if it runs with the agent's configuration. */
  async pid(): Promise<number | null> {
    const text = await readOrNull(this.files.pid);
    const pid = Number(text?.trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    const cmdline = await readOrNull(`/proc/${pid}/cmdline`);
    return cmdline?.includes(this.files.conf) ? pid : null;
  }

  /** What its configuration file holds now (someone may have edited it). */
  currentConf(): Promise<string | null> {
    return readOrNull(this.files.conf);
  }

  /** Runs what the document needs: restarted when its configuration changed (checked first), stopped when it needs none. */
  async run(doc: ConfigDocument | null): Promise<void> {
    const conf = dnsmasqConf(doc, this.files);
    if (conf === null) return this.stop();
    if (conf === (await this.currentConf()) && (await this.pid())) return;
    await mkdir(path.dirname(this.files.conf), { recursive: true, mode: 0o700 });
    const next = `${this.files.conf}.next`;
    await writeFile(next, conf, { mode: 0o600 });
    await must('dnsmasq', ['--test', `--conf-file=${next}`]);
    await this.stop();
    await rename(next, this.files.conf);
    await must('dnsmasq', [`--conf-file=${this.files.conf}`]).catch(async (err: Error) => {
      // The kernel may hold a port a moment after its owner ended (a busy box): once more, a little later.
      if (!/Address already in use/.test(err.message)) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
      await must('dnsmasq', [`--conf-file=${this.files.conf}`]);
    });
  }

  async stop(): Promise<void> {
    const pid = await this.pid();
    if (pid) {
      // It must have let go of its sockets before a new one binds them: asked, then made to, on a busy box.
      process.kill(pid, 'SIGTERM');
      if (!(await gone(pid, 5_000))) {
        process.kill(pid, 'SIGKILL');
        await gone(pid, 2_000);
      }
    }
    await rm(this.files.conf, { force: true });
  }

  /** Its DHCP leases now (dnsmasq's lease file: expiry, MAC, address, host name, client id). */
  async leases(): Promise<Lease[]> {
    const text = (await readOrNull(this.files.leases)) ?? '';
    return text
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f.length >= 4)
      .map(([expiry, mac, ip, hostname]) => ({ expiresAt: Number(expiry) * 1000, mac: mac!, ip: ip!, hostname: hostname === '*' ? '' : hostname! }));
  }
}
