import { diagnosticTimeLimitSeconds, isIPv4, type PingParams, type ThroughputParams, type TracerouteParams } from '@netloom/domain';
import type { DiagnosticIo, LiveDiagnostic } from '@netloom/simulator';
import { iperf3Args, iperf3Rate, lastWords, pingArgs, pingSummary, tracerouteArgs, tracerouteOutcome } from './commands';
import { runProgram } from './program';

/** The box answers a few seconds inside the server's time limit, so its own summary is what the console sees. */
const limitMs = (seconds: number) => Math.max(1, seconds - 5) * 1000;

/** ping, streaming a line per reply; stopped, it prints its statistics so far (SIGINT). */
export function ping(p: PingParams, io: DiagnosticIo): LiveDiagnostic {
  return runProgram(
    {
      command: 'ping',
      args: pingArgs(p),
      limitMs: limitMs(diagnosticTimeLimitSeconds(p)),
      answer: (exit) => {
        const summary = pingSummary(exit.tail);
        if (!summary) return { ok: false, output: lastWords(exit.tail, `ping ended with code ${exit.code}`) };
        return { ok: summary.received > 0, output: summary.line };
      },
    },
    io,
  );
}

export function traceroute(p: TracerouteParams, io: DiagnosticIo): LiveDiagnostic {
  return runProgram(
    {
      command: 'traceroute',
      args: tracerouteArgs(p),
      limitMs: limitMs(diagnosticTimeLimitSeconds(p)),
      answer: (exit) =>
        tracerouteOutcome(exit.head, exit.tail, p.max_hops) ?? { ok: false, output: lastWords(exit.tail, `traceroute ended with code ${exit.code}`) },
    },
    io,
  );
}

/** iperf3's own port: the far end runs `iperf3 -s`, which listens there. */
const IPERF3_PORT = 5201;
const NO_SERVER_HINT = 'the other gateway must run an iperf3 server (iperf3 -s) reachable on port 5201';

/** The job's `peer` as the server sent it: a name and an address (null: none known). */
const peerOf = (v: unknown): { name: string; address: string | null } | null => {
  const peer = v as { name?: unknown; address?: unknown } | null;
  if (typeof peer !== 'object' || peer === null || typeof peer.name !== 'string') return null;
  return { name: peer.name, address: typeof peer.address === 'string' ? peer.address : null };
};

/**
 * Throughput to another gateway with iperf3's client. The far end must serve: the agent opens no
 * listening port of its own (a server on the WAN nobody asked for), so a Linux gateway at the far
 * end runs `iperf3 -s` by its admin's choice; without one, the run fails and says so.
 */
export function throughput(p: ThroughputParams, peerField: unknown, io: DiagnosticIo, refuse: (text: string) => LiveDiagnostic): LiveDiagnostic {
  const peer = peerOf(peerField);
  if (!peer?.address) return refuse(`iperf3: the other gateway has no ${p.path === 'overlay' ? 'overlay (VPN)' : 'WAN'} address known yet`);
  const address = peer.address;
  if (!isIPv4(address)) return refuse(`iperf3: the other gateway's address ${JSON.stringify(address.slice(0, 64))} is not an IPv4 address`);
  return runProgram(
    {
      command: 'iperf3',
      args: iperf3Args(address, p.duration_s, IPERF3_PORT),
      limitMs: limitMs(diagnosticTimeLimitSeconds(p)),
      // A function, so that nothing in the peer's name is read as a replacement pattern.
      show: (line) =>
        line.replace(/^Connecting to host (\S+), port (\d+)$/, (_, host: string, port: string) => `Connecting to host ${host} (${peer.name}), port ${port}`),
      answer: (exit) => {
        const rate = iperf3Rate(exit.tail);
        if (rate !== null) return { ok: true, output: `${rate.toFixed(1)} Mbits/sec to ${peer.name}` };
        const words = lastWords(exit.tail, `iperf3 ended with code ${exit.code}`);
        if (!/unable to connect|Connection refused/.test(words)) return { ok: false, output: words };
        return { ok: false, output: `${words}: ${NO_SERVER_HINT}`, lines: [NO_SERVER_HINT] };
      },
    },
    io,
  );
}
