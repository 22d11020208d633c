import { run } from '../host/exec';
import { parsePing } from '../host/probes';

/** What a path test measured to an application's host: the round trip, the share lost (%), and the routers on the way. */
export interface PathMeasure {
  ok: boolean;
  error?: string;
  latency_ms?: number;
  loss?: number;
  hops?: number;
}

/** Echo requests a path test sends, a fifth of a second apart (the most an unprivileged ping may send so fast). */
const PINGS = 10;
const MAX_HOPS = 30;

/**
 * traceroute's hop count (`-n -q 1`): the number of the line that answered from the destination,
 * or the last hop that answered at all when the destination never did (a firewall eats the probes).
 */
export function parseTraceroute(output: string, destination: string): number | null {
  let last: number | null = null;
  for (const line of output.split('\n')) {
    const m = /^\s*(\d+)\s+(\S+)/.exec(line);
    if (!m) continue;
    const hop = Number(m[1]);
    if (m[2] === destination) return hop;
    if (m[2] !== '*') last = hop;
  }
  return last;
}

/** The destination traceroute names in its header: 'traceroute to app.example (203.0.113.10), 30 hops max'. */
const tracedAddress = (output: string): string | null => /^traceroute to \S+ \(([^)]+)\)/m.exec(output)?.[1] ?? null;

/**
 * A path test: latency and loss with ping, hops with traceroute, run side by side. No answer to
 * any echo request fails the test (the path is down, or ICMP is filtered on it).
 */
export async function probePath(host: string, timeoutMs: number): Promise<PathMeasure> {
  const wait = Math.max(1, Math.min(5, Math.round(timeoutMs / 1000)));
  const [ping, trace] = await Promise.all([
    run('ping', ['-n', '-q', '-c', String(PINGS), '-i', '0.2', '-W', String(wait), host], undefined, PINGS * 200 + wait * 1000 + 2000),
    run('traceroute', ['-n', '-q', '1', '-w', '1', '-m', String(MAX_HOPS), host], undefined, MAX_HOPS * 1000 + 5000),
  ]);
  const hops = trace.code === 0 ? parseTraceroute(trace.stdout, tracedAddress(trace.stdout) ?? host) : null;
  const measured = parsePing(ping.stdout);
  if (measured.latency_ms === null) {
    const why = (ping.stderr || ping.stdout).trim().split('\n')[0] || 'no answer to any echo request';
    return { ok: false, error: why.slice(0, 300), loss: measured.loss_pct, ...(hops !== null ? { hops } : {}) };
  }
  return { ok: true, latency_ms: measured.latency_ms, loss: measured.loss_pct, ...(hops !== null ? { hops } : {}) };
}
