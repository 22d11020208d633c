import { describe, expect, it } from 'vitest';
import { diagnosticParamsSchema, type DiagnosticInput } from '@netloom/domain';
import type { DiagnosticIo, LiveDiagnostic } from '@netloom/simulator';
import { GatewayDiagnostics, MAX_RUNNING } from './gateway-diagnostics';

/** What the console would see of a run: its printed text and its answer. */
function watched() {
  const seen = { text: '', result: null as { ok: boolean; output: string } | null };
  const io: DiagnosticIo = { output: (t) => (seen.text += t), done: (r) => (seen.result = r) };
  return { seen, io };
}

const params = (input: DiagnosticInput) => diagnosticParamsSchema.parse(input);

describe("the agent's diagnostics, before any program runs", () => {
  /** Runs that start and wait, so that the bound on running ones shows. */
  const started: { io: DiagnosticIo; cancelled: boolean }[] = [];
  const waiting = (_p: unknown, io: DiagnosticIo): LiveDiagnostic => {
    const run = { io, cancelled: false };
    started.push(run);
    return { stop: () => io.done({ ok: true, output: 'stopped on request' }), cancel: () => (run.cancelled = true) };
  };
  const ping = params({ kind: 'ping', host: '203.0.113.10' });

  it('refuses an interface the box does not have, naming it', () => {
    const diagnostics = new GatewayDiagnostics(() => ['lo', 'wan0'], waiting);
    const first = watched();
    diagnostics.start(params({ kind: 'capture', interface: 'wan9' }), first.io, undefined);
    expect(first.seen.result).toEqual({ ok: false, output: 'tcpdump: wan9: no such interface on this gateway' });
    const other = watched();
    diagnostics.start(params({ kind: 'ping', host: '203.0.113.10', source_interface: '-f' }), other.io, undefined);
    expect(other.seen.result).toEqual({ ok: false, output: 'ping: -f: no such interface on this gateway' });
    expect(started).toHaveLength(0);
  });

  it(`runs ${MAX_RUNNING} at once, refuses more, and takes more once one has ended or gone`, () => {
    started.length = 0;
    const diagnostics = new GatewayDiagnostics(() => ['lo'], waiting);
    const runs = Array.from({ length: MAX_RUNNING }, () => diagnostics.start(ping, watched().io, undefined));
    const refused = watched();
    diagnostics.start(ping, refused.io, undefined);
    expect(refused.seen.result).toEqual({ ok: false, output: `this gateway runs ${MAX_RUNNING} diagnostics already: try again when one has ended` });
    runs[0]!.stop();
    runs[1]!.cancel();
    runs[1]!.cancel();
    expect(started[1]!.cancelled).toBe(true);
    diagnostics.start(ping, watched().io, undefined);
    diagnostics.start(ping, watched().io, undefined);
    expect(started).toHaveLength(MAX_RUNNING + 2);
    const past = watched();
    diagnostics.start(ping, past.io, undefined);
    expect(past.seen.result?.ok).toBe(false);
  });

  it('fails a run the box cannot start at all, and keeps its place free', () => {
    const diagnostics = new GatewayDiagnostics(
      () => ['lo'],
      () => {
        throw new Error('ENOSPC: no space left on device');
      },
    );
    for (let i = 0; i <= MAX_RUNNING; i++) {
      const run = watched();
      diagnostics.start(ping, run.io, undefined);
      expect(run.seen.result).toEqual({ ok: false, output: 'ping: ENOSPC: no space left on device' });
    }
  });

  it('fails a throughput test whose other gateway has no address yet, as the server named it', () => {
    const run = watched();
    new GatewayDiagnostics(() => ['lo']).start(params({ kind: 'throughput', peer_device_id: crypto.randomUUID() }), run.io, { name: 'gw-2', address: null });
    expect(run.seen.result).toEqual({ ok: false, output: 'iperf3: the other gateway has no overlay (VPN) address known yet' });
    const odd = watched();
    new GatewayDiagnostics(() => ['lo']).start(params({ kind: 'throughput', peer_device_id: crypto.randomUUID(), path: 'wan' }), odd.io, {
      name: 'gw-2',
      address: '-p 1',
    });
    expect(odd.seen.result?.output).toMatch(/^iperf3: the other gateway's address "-p 1" is not an IPv4 address$/);
  });
});
