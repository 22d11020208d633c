// npm test: every check of the project, as phases that run side by side where they can, each
// phase's output printed whole when it ends, and a table of the phases' times at the end, so a
// change that costs minutes shows where it does. Exits non-zero when any phase fails.
//
//   npm test                      every phase
//   npm test -- unit security     only these phases (and nothing they wait for)
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import os from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';

const postgres = !!process.env.TEST_DATABASE_URL;
const vitest = (...projects) => ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p])];

/**
 * The phases. `after`: phases whose end this one waits for. The unit run is over half the CPU of
 * a run and holds the tests that keep time (heartbeats, timeouts, latency under load): it runs
 * first with the two cores to itself, beside only the build. Then lint and typecheck (a core each,
 * all the time) beside the PostgreSQL and security runs (mostly waiting on databases); the journeys
 * (browsers, servers and timers) start once lint and typecheck have given the cores back. Journeys
 * beside the unit run, and beside lint and typecheck, were tried: on a slow CI machine journeys
 * that take 20 s alone took over two minutes, and both sides lost races.
 */
const PHASES = [
  { name: 'unit', cmd: vitest('domain', 'bench', 'server', 'simulator', 'agent', 'web', 'web-fresh') },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'lint', cmd: ['npm', 'run', 'lint'], after: ['unit'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'], after: ['unit'] },
  ...(postgres ? [{ name: 'postgres', cmd: vitest('postgres'), after: ['unit'] }] : []),
  { name: 'security', cmd: vitest('security'), after: ['unit'] },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test'], after: ['unit', 'build', 'lint', 'typecheck'], needs: ['build'] },
];

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !PHASES.some((p) => p.name === a));
if (unknown.length) {
  console.error(`unknown phase(s): ${unknown.join(', ')}; phases: ${PHASES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const phases = asked.length ? PHASES.filter((p) => asked.includes(p.name)) : PHASES;
const logDir = mkdtempSync(path.join(os.tmpdir(), 'netloom-test-'));
const started = Date.now();
/** name → { seconds, ok } once a phase has ended. */
const ended = new Map();

function run(phase) {
  return new Promise((resolve) => {
    const log = path.join(logDir, `${phase.name}.log`);
    const fd = openSync(log, 'w');
    const t0 = Date.now();
    console.log(`▶ ${phase.name}: ${phase.cmd.join(' ')}`);
    // Through bash, whose `times` reports the CPU the phase's processes used (written to fd 3):
    // beside other phases a phase's wall clock stretches, its CPU seconds do not.
    const script = '"$@"; s=$?; times >&3; exit $s';
    const child = spawn('bash', ['-c', script, phase.name, ...phase.cmd], { stdio: ['ignore', fd, fd, 'pipe'], env: process.env });
    let times = '';
    child.stdio[3].on('data', (d) => (times += d));
    child.on('close', (code, signal) => {
      closeSync(fd);
      const result = { seconds: (Date.now() - t0) / 1000, cpu: cpuSecondsOf(times), ok: code === 0 };
      console.log(`\n━━━━ ${phase.name} ${result.ok ? 'passed' : `FAILED (${signal ?? code})`} in ${result.seconds.toFixed(0)} s ━━━━`);
      process.stdout.write(readFileSync(log));
      resolve(result);
    });
  });
}

/** The children's user and system time from bash's `times` (its second line: "0m1.5s 0m0.25s"). */
function cpuSecondsOf(times) {
  const line = times.trim().split('\n')[1] ?? '';
  const secs = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 2 ? secs[0] + secs[1] : null;
}

/** Each phase's run, started once: after the phases it waits for. */
const runs = new Map();
const start = (phase) => {
  if (!runs.has(phase.name)) runs.set(phase.name, schedule(phase));
  return runs.get(phase.name);
};

async function schedule(phase) {
  const waitFor = phases.filter((p) => (phase.after ?? []).includes(p.name));
  await Promise.all(waitFor.map(start));
  const missing = (phase.needs ?? []).filter((n) => phases.some((p) => p.name === n) && !ended.get(n)?.ok);
  if (missing.length) {
    console.log(`\n━━━━ ${phase.name} not run: ${missing.join(', ')} failed ━━━━`);
    ended.set(phase.name, { seconds: 0, ok: false, skipped: true });
    return;
  }
  ended.set(phase.name, await run(phase));
}

await Promise.all(phases.map(start));

/**
 * What failed, and what passed only on its second try, phase by phase: printed last, beside the
 * table, so the end of a long CI log names the tests without a search through every phase's output.
 */
function outcomes(name) {
  // Colours off: CI's terminal may get them, and they sit between the words matched here.
  const lines = stripVTControlCharacters(readFileSync(path.join(logDir, `${name}.log`), 'utf8')).split('\n');
  const failed = new Set(lines.filter((l) => /^ FAIL {2}/.test(l)).map((l) => l.trim()));
  const flaky = new Set(lines.filter((l) => /✓ .*\(retry x\d+\)/.test(l)).map((l) => l.trim()));
  // Playwright's closing summary lists failed and flaky journeys as indented "[chromium] › …" lines.
  let heading = null;
  for (const l of lines) {
    const m = /^\s+\d+ (failed|flaky)$/.exec(l);
    if (m) heading = m[1];
    else if (heading && /^\s+\[\w+\] › /.test(l)) (heading === 'failed' ? failed : flaky).add(l.trim());
    else heading = null;
  }
  return { failed: [...failed], flaky: [...flaky] };
}
for (const p of phases) {
  if (ended.get(p.name).skipped) continue;
  const { failed, flaky } = outcomes(p.name);
  for (const f of failed) console.log(`${p.name} failed: ${f}`);
  for (const f of flaky) console.log(`${p.name} passed on its second try: ${f}`);
}

const wall = (Date.now() - started) / 1000;
const cpuCell = (r) => (r.cpu == null ? '—' : r.cpu.toFixed(0));
const rows = phases.map((p) => {
  const r = ended.get(p.name);
  return [p.name, r.skipped ? '—' : r.seconds.toFixed(0), r.skipped ? '—' : cpuCell(r), r.skipped ? 'not run' : r.ok ? 'passed' : 'FAILED'];
});
const cpuTotal = [...ended.values()].reduce((sum, r) => sum + (r.cpu ?? 0), 0);
rows.push(['all', wall.toFixed(0), cpuTotal.toFixed(0), [...ended.values()].every((r) => r.ok) ? 'passed' : 'FAILED']);
const HEAD = ['phase', 'wall s', 'CPU s', 'result'];
const width = HEAD.map((h, i) => Math.max(...rows.map((r) => r[i].length), h.length));
const line = (r) => `| ${r[0].padEnd(width[0])} | ${r[1].padStart(width[1])} | ${r[2].padStart(width[2])} | ${r[3].padEnd(width[3])} |`;
console.log(`\nTest phases (side by side where they can; CPU: user + system of all the phase's processes; logs in ${logDir})`);
console.log(line(HEAD));
console.log(`|${width.map((w, i) => (i === 1 || i === 2 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`);
for (const r of rows) console.log(line(r));
process.exit([...ended.values()].every((r) => r.ok) ? 0 : 1);
