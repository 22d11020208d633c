import { readdirSync } from 'node:fs';
import { parseCaptureFilter, type DiagnosticParams } from '@netloom/domain';
import type { DiagnosticIo, LiveDiagnostic } from '@netloom/simulator';
import { capture } from './capture';
import { dnsLookup } from './dns-lookup';
import { ping, throughput, traceroute } from './probes';

/** Runs at once on one box: the server runs one per device, so more means several servers, or a fault. */
export const MAX_RUNNING = 3;

/** The box's network interfaces (its kernel's names). */
const kernelInterfaces = (): string[] => {
  try {
    return readdirSync('/sys/class/net');
  } catch {
    return [];
  }
};

/** A run refused before anything started: said once, answered failed. */
function refused(io: DiagnosticIo, text: string): LiveDiagnostic {
  io.output(`${text}\n`);
  io.done({ ok: false, output: text });
  return { stop: () => undefined, cancel: () => undefined };
}

/**
 * The console's diagnostics on a real box: each kind runs its program (ping, traceroute, tcpdump,
 * iperf3) or lookup, a few at a time. An interface the box lacks is refused before any program
 * sees the name.
 */
export class GatewayDiagnostics {
  private running = 0;

  constructor(
    private readonly interfaces: () => string[] = kernelInterfaces,
    /** What starts a run once admitted: the box's programs (a test may give its own). */
    private readonly begin: (params: DiagnosticParams, io: DiagnosticIo, peer: unknown) => LiveDiagnostic = startRun,
  ) {}

  start(params: DiagnosticParams, io: DiagnosticIo, peer: unknown): LiveDiagnostic {
    if (this.running >= MAX_RUNNING) return refused(io, `this gateway runs ${MAX_RUNNING} diagnostics already: try again when one has ended`);
    const ifname = params.kind === 'capture' ? params.interface : 'source_interface' in params ? params.source_interface : undefined;
    if (ifname !== undefined && (ifname.startsWith('-') || !this.interfaces().includes(ifname)))
      return refused(io, `${params.kind === 'capture' ? 'tcpdump' : params.kind}: ${ifname}: no such interface on this gateway`);
    this.running++;
    let released = false;
    // Its place is given back once: at its answer, or at a cancel (a cancelled run answers nothing).
    const release = () => {
      if (!released) this.running--;
      released = true;
    };
    const counted: DiagnosticIo = {
      output: (text) => io.output(text),
      done: (result, file) => {
        release();
        io.done(result, file);
      },
    };
    let run: LiveDiagnostic;
    try {
      run = this.begin(params, counted, peer);
    } catch (err) {
      // The box could not start it at all (no room for a capture file, no process left): the run fails, the agent goes on.
      release();
      return refused(io, `${params.kind}: ${(err as Error).message}`);
    }
    return {
      stop: () => run.stop(),
      cancel: () => {
        release();
        run.cancel();
      },
    };
  }
}

function startRun(params: DiagnosticParams, io: DiagnosticIo, peer: unknown): LiveDiagnostic {
  switch (params.kind) {
    case 'ping':
      return ping(params, io);
    case 'traceroute':
      return traceroute(params, io);
    case 'dns':
      return dnsLookup(params, io);
    case 'capture': {
      // The schema sent the canonical text; parsed again here, the box trusts no one else's parse.
      const filter = parseCaptureFilter(params.filter);
      if (!filter.ok) return refused(io, filter.error);
      return capture({ ...params, filter: filter.canonical }, io);
    }
    case 'throughput':
      return throughput(params, peer, io, (text) => refused(io, text));
  }
}
