import type { ConfigDocument } from '@netloom/domain';
import { run } from './exec';

/** What a WAN's probe to one of its monitor targets measured: round trips, their spread (jitter) and what was lost. */
export interface Probe {
  ifname: string;
  target: string;
  latency_ms: number | null;
  jitter_ms: number | null;
  loss_pct: number;
}

/** Probes sent per target at each sample, and how long one waits for its answer. */
const PROBES = 3;

/** iputils ping's summary: '3 packets transmitted, 2 received, 33.3333% packet loss' and 'rtt min/avg/max/mdev = a/b/c/d ms'. */
export function parsePing(output: string): Pick<Probe, 'latency_ms' | 'jitter_ms' | 'loss_pct'> {
  const loss = /([\d.]+)% packet loss/.exec(output);
  const rtt = /= [\d.]+\/([\d.]+)\/[\d.]+\/([\d.]+) ms/.exec(output);
  return {
    loss_pct: loss ? Math.min(100, Number(loss[1])) : 100,
    latency_ms: rtt ? Number(rtt[1]) : null,
    jitter_ms: rtt ? Number(rtt[2]) : null,
  };
}

/** Pings each WAN's monitor targets out of that WAN, all at once: the SLA a user feels, measured for real. */
export async function probeWans(doc: ConfigDocument | null): Promise<Probe[]> {
  const targets = (doc?.interfaces?.wan ?? []).flatMap((w) => w.monitor.map((target) => ({ ifname: w.name, target })));
  return Promise.all(
    targets.map(async ({ ifname, target }) => {
      const ran = await run('ping', ['-n', '-q', '-c', String(PROBES), '-i', '0.2', '-W', '1', '-I', ifname, target], undefined, 5_000);
      return { ifname, target, ...parsePing(ran.stdout) };
    }),
  );
}
