import type { CaptureParams, PingParams, TracerouteParams } from '@netloom/domain';

/**
 * The argument lists of the programs a diagnostic runs. The schema has checked every field; a
 * value still goes after `--`, or after the option it belongs to, so that no program can read it
 * as an option of its own.
 */

/** `-O`: a reply that does not come is told before the next request, as the console's ping shows. */
export const pingArgs = (p: PingParams): string[] => [
  '-n',
  '-O',
  '-c',
  String(p.count),
  '-i',
  String(p.interval_s),
  '-s',
  String(p.size),
  ...(p.source_interface ? ['-I', p.source_interface] : []),
  '--',
  p.host,
];

/** Two seconds per probe at most: hops that never answer print `* * *` soon. */
export const tracerouteArgs = (p: TracerouteParams): string[] => [
  '-n',
  '-m',
  String(p.max_hops),
  '-w',
  '2',
  ...(p.source_interface ? ['-i', p.source_interface] : []),
  '--',
  p.host,
];

/**
 * `-U -w FILE` writes each packet to the pcap as it comes and `--print` prints it too (tcpdump
 * 4.99). tcpdump opens the file as root, then reads packets as its own unprivileged user. The
 * filter is the canonical text of the domain's grammar, one argument that tcpdump compiles itself.
 */
export const tcpdumpArgs = (p: CaptureParams, file: string): string[] => [
  '-i',
  p.interface,
  '-n',
  '-U',
  '-l',
  '--print',
  '-w',
  file,
  '-c',
  String(p.max_packets),
  ...(p.filter ? [p.filter] : []),
];

/** iperf3's client: `--forceflush` prints each second as it ends; the far end must run `iperf3 -s`. */
export const iperf3Args = (address: string, durationS: number, port: number): string[] => [
  '-c',
  address,
  '-p',
  String(port),
  '-t',
  String(durationS),
  '-f',
  'm',
  '--forceflush',
  '--connect-timeout',
  '3000',
];

/** ping's statistics line, cut after the loss: `3 packets transmitted, 3 received, 0% packet loss`. */
export function pingSummary(lines: readonly string[]): { line: string; received: number } | null {
  for (const l of [...lines].reverse()) {
    const m = /^(\d+) packets transmitted, (\d+) received,.*?\d+(?:\.\d+)?% packet loss/.exec(l);
    if (m) return { line: m[0], received: Number(m[2]) };
  }
  return null;
}

/** Whether traceroute's last hop is the target (its header names the address it resolved). */
export function tracerouteOutcome(head: string | undefined, lines: readonly string[], maxHops: number): { ok: boolean; output: string } | null {
  const target = head && /^traceroute to \S+ \((\d+\.\d+\.\d+\.\d+)\)/.exec(head)?.[1];
  if (!target) return null;
  const hops = lines.filter((l) => /^ ?\d+ {2}/.test(l));
  const reached = hops.some((l) => l.trim().split(/\s+/).slice(1).includes(target));
  return reached ? { ok: true, output: `reached ${target}` } : { ok: false, output: `no answer from ${target} within ${maxHops} hops` };
}

/** iperf3's sender summary: the mean rate over the whole test, in Mbits/sec. */
export function iperf3Rate(lines: readonly string[]): number | null {
  for (const l of [...lines].reverse()) {
    const m = /([\d.]+) Mbits\/sec.*sender$/.exec(l.trim());
    if (m) return Number(m[1]);
  }
  return null;
}

/** A program's own last words, for an answer that failed. */
export const lastWords = (lines: readonly string[], fallback: string) =>
  [...lines]
    .reverse()
    .map((l) => l.trim())
    .find(Boolean)
    ?.slice(0, 300) ?? fallback;
