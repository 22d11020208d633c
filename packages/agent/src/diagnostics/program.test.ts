import { describe, expect, it } from 'vitest';
import { OUTPUT_LIMIT_CHARS, runProgram, type Exit, type ProgramSpec } from './program';

/** A run of a small node program, with what it printed and its answer. */
function launch(script: string, spec: Partial<ProgramSpec> = {}) {
  const printed: string[] = [];
  const exits: Exit[] = [];
  let answer: { ok: boolean; output: string } | null = null;
  let resolve: (a: { ok: boolean; output: string }) => void = () => undefined;
  const ended = new Promise<{ ok: boolean; output: string }>((r) => (resolve = r));
  const run = runProgram(
    {
      command: process.execPath,
      args: ['-e', script],
      limitMs: 10_000,
      answer: (exit) => {
        exits.push(exit);
        return { ok: exit.code === 0, output: exit.tail.at(-1) ?? '' };
      },
      ...spec,
    },
    {
      output: (text) => printed.push(text),
      done: (result) => {
        answer = result;
        resolve(result);
      },
    },
  );
  return { run, printed, exits, ended, answered: () => answer };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 100 && !what(); i++) await new Promise((r) => setTimeout(r, 50));
};

/** Prints 'ready', then waits; on SIGINT prints its summary and ends, as ping does. */
// Its handler is in place before it says it is ready: a stop that follows 'ready' always finds it.
const LIKE_PING = `process.on('SIGINT', () => { console.log('3 sent, 3 received'); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000);`;

describe('a diagnostic program run by the agent', () => {
  it('streams what it prints as it prints it and answers from its last lines', async () => {
    const r = launch(`console.log('first'); setTimeout(() => { console.error('second'); console.log('last'); }, 100);`);
    expect(await r.ended).toEqual({ ok: true, output: 'last' });
    expect(r.printed.join('')).toBe('first\nsecond\nlast\n');
    expect(r.exits[0]).toMatchObject({ head: 'first', stopped: false, asked: false });
  });

  it('stopped by the console, prints its own summary, then says it stopped on request', async () => {
    const r = launch(LIKE_PING);
    await until(() => r.printed.length > 0);
    r.run.stop();
    expect(await r.ended).toEqual({ ok: true, output: 'stopped on request' });
    expect(r.printed.join('')).toBe('ready\n3 sent, 3 received\nstopped on request\n');
  });

  it('is stopped at its time limit and answers with what it printed', async () => {
    // Long enough for a child node to start on a busy machine and handle the stop as ping does.
    const r = launch(LIKE_PING, { limitMs: 2_000 });
    expect(await r.ended).toEqual({ ok: true, output: '3 sent, 3 received' });
    expect(r.exits[0]).toMatchObject({ stopped: true, asked: false });
  });

  it('a program that ignores the stop is killed', async () => {
    const r = launch(`process.on('SIGINT', () => {}); console.log('stubborn'); setInterval(() => {}, 1000);`, { limitMs: 200 });
    expect((await r.ended).ok).toBe(false);
    expect(r.exits[0]!.code).toBeNull();
  }, 10_000);

  it('shows no more than its output limit, and says so once', async () => {
    const r = launch(`const line = 'x'.repeat(999); for (let i = 0; i < 300; i++) console.log(line);`);
    await r.ended;
    const text = r.printed.join('');
    expect(text.length).toBeLessThanOrEqual(OUTPUT_LIMIT_CHARS + 100);
    expect(text.match(/output limit reached/g)).toHaveLength(1);
  });

  it('cancelled (the connection went), is killed and answers nothing', async () => {
    const r = launch(LIKE_PING);
    await until(() => r.printed.length > 0);
    r.run.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.answered()).toBeNull();
    expect(r.printed.join('')).toBe('ready\n');
  });

  it('a program the box lacks fails and names it', async () => {
    const r = launch('', { command: 'netloom-no-such-program' });
    expect(await r.ended).toEqual({ ok: false, output: 'this host has no netloom-no-such-program' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(r.exits).toHaveLength(0);
    expect(r.printed.join('')).toBe('this host has no netloom-no-such-program\n');
  });
});
