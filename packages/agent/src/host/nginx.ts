import { chmod, mkdir, readFile, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WafSection } from '@netloom/domain';
import { errorLogPath, pidPath, renderWaf, type RenderedFile, type WafRenderOptions } from '../render/nginx-waf';
import { run } from './exec';

const readOrNull = (file: string) => readFile(file, 'utf8').catch(() => null);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface NginxOptions extends Omit<WafRenderOptions, 'confDir'> {
  /** The nginx program ('nginx' on the PATH by default). */
  nginx?: string;
}

/**
 * The edge's own nginx: a master of its own under the agent's prefix (`nginx -p prefix -c …`), never
 * the box's nginx service nor /etc/nginx. Each configuration is written whole to a new directory
 * and checked with `nginx -t` there; only a configuration nginx accepts becomes `current` (a
 * symlink swapped at once) and is reloaded. One that nginx refuses leaves what runs untouched, and
 * nginx's words become the push's error.
 */
export class NginxWaf {
  private generation = 0;
  /** The section it serves now (null: none, nginx stopped). */
  private section: WafSection | null = null;
  /** What the section is re-rendered with between pushes (a flood, an origin down). */
  private extra: Pick<WafRenderOptions, 'strict' | 'down'> = {};
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly opts: NginxOptions) {}

  get prefix(): string {
    return this.opts.prefix;
  }
  private get current(): string {
    return path.join(this.opts.prefix, 'current');
  }
  private get nginx(): string {
    return this.opts.nginx ?? 'nginx';
  }
  private args(conf: string, ...more: string[]): string[] {
    return ['-p', this.opts.prefix + '/', '-c', conf, ...more];
  }

  /** Its master process, if it runs from this prefix. */
  async pid(): Promise<number | null> {
    const pid = Number((await readOrNull(pidPath(this.opts.prefix)))?.trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    const cmdline = await readOrNull(`/proc/${pid}/cmdline`);
    return cmdline?.includes(this.current) ? pid : null;
  }

  private async workers(master: number): Promise<Set<number>> {
    const ran = await run('pgrep', ['-P', String(master)]);
    return new Set(ran.stdout.split('\n').filter(Boolean).map(Number));
  }

  /** Serves the section (null or no applications: nothing, nginx stopped); the error nginx gave when it refused it. */
  apply(section: WafSection | null): Promise<string | null> {
    return this.enqueue(() => this.applyNow(section, this.extra));
  }

  /** Renders the running section again with what the agent found since (a flood's strict rate, origins down). */
  rerender(extra: Pick<WafRenderOptions, 'strict' | 'down'>): Promise<string | null> {
    return this.enqueue(async () => {
      const error = this.section ? await this.applyNow(this.section, extra) : null;
      if (!error) this.extra = extra;
      return error;
    });
  }

  private enqueue(work: () => Promise<string | null>): Promise<string | null> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async applyNow(section: WafSection | null, extra: Pick<WafRenderOptions, 'strict' | 'down'>): Promise<string | null> {
    const prefix = this.opts.prefix;
    if (!section || section.applications.length === 0) {
      await this.stop();
      this.section = section;
      return null;
    }
    await Promise.all(['logs', 'tmp'].map((d) => mkdir(path.join(prefix, d), { recursive: true, mode: 0o755 })));
    await privateAccessLog(prefix);
    const closed = await closedAncestor(prefix);
    if (closed) return `waf: nginx's workers could not reach ${prefix} (${closed} is closed to other users): give the edge a prefix they can reach`;
    const dir = path.join(prefix, `conf-${Date.now()}-${++this.generation}`);
    const files = renderWaf(section, { ...this.opts, ...extra, confDir: dir });
    await mkdir(dir, { mode: 0o755 });
    await mkdir(path.join(dir, 'tls'), { mode: 0o700 });
    for (const f of files) await writeFile(path.join(dir, f.name), f.content, { mode: f.mode });
    const test = await run(this.nginx, this.args(path.join(dir, 'nginx.conf'), '-t', '-q'));
    if (test.code !== 0) {
      await rm(dir, { recursive: true, force: true });
      const words = test.stderr || test.stdout;
      return `waf: nginx refused the configuration: ${nginxWords(words, dir)}${whichRule(words, files, section)}`;
    }
    const previous = await this.target();
    const link = `${this.current}.next`;
    await rm(link, { force: true });
    await symlink(dir, link);
    await rename(link, this.current);
    const error = await this.reloadOrStart();
    if (error) {
      // Put back what ran: the master still runs it (a reload that fails keeps the old workers).
      if (previous) {
        await symlink(previous, link);
        await rename(link, this.current);
      }
      await rm(dir, { recursive: true, force: true });
      return error;
    }
    this.section = section;
    await this.prune([dir, previous]);
    return null;
  }

  private async target(): Promise<string | null> {
    return readlink(this.current).catch(() => null);
  }

  /** Keeps the running directory and the one before (for a look after a bad reload); the rest goes. */
  private async prune(keep: (string | null)[]): Promise<void> {
    const names = await readdir(this.opts.prefix).catch(() => [] as string[]);
    for (const n of names) {
      const full = path.join(this.opts.prefix, n);
      if (n.startsWith('conf-') && !keep.includes(full)) await rm(full, { recursive: true, force: true });
    }
  }

  private async errorLogSize(): Promise<number> {
    return (await readOrNull(errorLogPath(this.opts.prefix)))?.length ?? 0;
  }

  /** A reload when the master runs, else a start; done when the new workers run (or nginx says why not). */
  private async reloadOrStart(): Promise<string | null> {
    const conf = path.join(this.current, 'nginx.conf');
    const master = await this.pid();
    if (!master) {
      const started = await run(this.nginx, this.args(conf));
      if (started.code !== 0) return `waf: nginx did not start: ${nginxWords(started.stderr || started.stdout, this.current)}`;
      for (let i = 0; i < 100 && !(await this.pid()); i++) await sleep(50);
      return (await this.pid()) ? null : 'waf: nginx did not start (no master process)';
    }
    const before = await this.workers(master);
    const logFrom = await this.errorLogSize();
    const reloaded = await run(this.nginx, this.args(conf, '-s', 'reload'));
    if (reloaded.code !== 0) return `waf: nginx did not reload: ${nginxWords(reloaded.stderr || reloaded.stdout, this.current)}`;
    for (const until = Date.now() + 15_000; Date.now() < until; await sleep(50)) {
      const now = await this.workers(master);
      if ([...now].some((w) => !before.has(w))) {
        // The old workers finish the requests under way and go: until then a kept-alive client may still meet the old policy.
        for (const gone = Date.now() + 3000; Date.now() < gone && [...(await this.workers(master))].some((w) => before.has(w));) await sleep(50);
        return null;
      }
      const log = ((await readOrNull(errorLogPath(this.opts.prefix))) ?? '').slice(logFrom);
      const emerg = /\[emerg\][^\n]*/.exec(log);
      if (emerg) return `waf: nginx kept the previous configuration: ${nginxWords(emerg[0], this.current)}`;
    }
    return 'waf: nginx did not take the new configuration within 15 s';
  }

  /** nginx opens its logs again (after the agent moved the access log away). */
  async reopenLogs(): Promise<void> {
    await privateAccessLog(this.opts.prefix);
    if (await this.pid()) await run(this.nginx, this.args(path.join(this.current, 'nginx.conf'), '-s', 'reopen'));
  }

  /** Stops its master (gracefully: requests under way finish). */
  async stop(): Promise<void> {
    const master = await this.pid();
    if (!master) return;
    await run(this.nginx, this.args(path.join(this.current, 'nginx.conf'), '-s', 'quit'));
    for (let i = 0; i < 200 && (await readOrNull(`/proc/${master}/stat`)) !== null; i++) await sleep(25);
    if ((await readOrNull(`/proc/${master}/stat`)) !== null) process.kill(master, 'SIGTERM');
  }
}

/**
 * The access log holds the requests' credentials until the agent has read them (it keeps only their
 * fingerprint): it is made before nginx opens it, for its owner alone (nginx keeps an existing file's mode).
 */
async function privateAccessLog(prefix: string): Promise<void> {
  const file = path.join(prefix, 'logs', 'access.log');
  await writeFile(file, '', { flag: 'a', mode: 0o600 });
  await chmod(file, 0o600);
}

/**
 * The first directory above the prefix that nginx's workers (an unprivileged user when nginx runs
 * as root) cannot pass through: they write request bodies under it and reopen its logs. Null when
 * nginx does not run as root (its workers are the agent's own user) or none is closed.
 */
async function closedAncestor(prefix: string): Promise<string | null> {
  if (process.getuid?.() !== 0) return null;
  for (let dir = path.resolve(prefix); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const st = await stat(dir).catch(() => null);
    if (st && (st.mode & 0o001) === 0) return dir;
  }
  return null;
}

/**
 * The custom rule ModSecurity refused, by its name and its application's, when its complaint names
 * a line of an application's rules file that holds one (its author knows the rule by its name).
 */
function whichRule(words: string, files: RenderedFile[], section: WafSection): string {
  const m = /modsec-([0-9a-f-]{36})\.conf\. Line: (\d+)/.exec(words);
  if (!m) return '';
  const lines = files.find((f) => f.name === `modsec-${m[1]}.conf`)?.content.split('\n') ?? [];
  const at = Number(m[2]) - 1;
  const app = section.applications.find((a) => a.id === m[1]);
  const rule = app?.policy.custom_rules.find((r) => r.enabled && r.rule.trim() === lines[at]?.trim());
  return rule && app ? ` (the custom rule "${rule.name}" of ${app.name})` : '';
}

/** nginx's complaint, shortened: its [emerg] lines without the time stamp and the long directory names. */
function nginxWords(text: string, dir: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/^nginx: /, '').replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d /, ''))
    .filter((l) => /\[(emerg|alert|crit)\]/.test(l) || /failed|error/i.test(l))
    .filter((l) => !/configuration file .* test failed/.test(l))
    .map((l) => l.replaceAll(dir + '/', '').replace(/^\[(emerg|alert|crit)\] \d+#\d+: /, ''));
  return (lines.length ? lines : [text.trim()]).slice(0, 3).join(' / ').slice(0, 800);
}
