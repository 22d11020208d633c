/**
 * Summarises a V8 .cpuprofile (as `BENCH_CPU_PROF=<dir> npm run bench:live` leaves for the
 * server child): where the CPU went, by function (self time) and by area (inclusive time), over
 * the whole profile or a window of it.
 *
 *   node --import tsx bench/live/profile-summary.ts <file.cpuprofile> [fromSeconds] [toSeconds]
 *
 * Without a window, a busy-% timeline (5 s buckets) is printed first to pick one.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, fromArg, toArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [fromSeconds] [toSeconds]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const IDLE = new Set(['(idle)', '(program)', '(root)']);
const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~')
    .replace(/^.*\/packages\//, '');

/** The area a stack belongs to: the first frame (from the leaf up) that names one. */
function area(leaf: number): string {
  const self = byId.get(leaf)!.callFrame;
  if (self.functionName === '(garbage collector)') return 'GC';
  for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
    const url = byId.get(id)!.callFrame.url;
    if (url.includes('@electric-sql/pglite')) return 'PGlite (database, in process)';
    if (url.includes('/drizzle-orm/')) return 'drizzle-orm (SQL building, result mapping)';
    if (url.includes('/zod/')) return 'zod (message validation)';
    if (url.includes('state-writer')) return 'server: state writer';
  }
  for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
    const { url, functionName } = byId.get(id)!.callFrame;
    if (url.includes('/ws/lib/')) return 'ws (websocket frames)';
    if (url.includes('/live/')) return 'server: live hub';
    if (url.includes('/agent/')) return 'server: agent gateway';
    if (url.includes('/bus/')) return 'server: bus';
    if (url.includes('/fastify') || url.includes('/pino')) return 'fastify / pino';
    if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
    if (functionName === 'stringify' || functionName === 'parse') return `JSON.${functionName}`;
  }
  return self.url ? short(self.url) : self.functionName;
}

// Sample times (µs since start).
const times: number[] = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) times.push((t += d));
const at = (i: number) => (times[i]! - profile.startTime) / 1e6;
const duration = (profile.endTime - profile.startTime) / 1e6;

if (fromArg === undefined) {
  console.log(`Profile of ${duration.toFixed(0)} s; busy % per 5 s (non-idle samples):`);
  const buckets = new Map<number, { busy: number; all: number }>();
  profile.samples.forEach((id, i) => {
    const b = Math.floor(at(i) / 5);
    const e = buckets.get(b) ?? { busy: 0, all: 0 };
    e.all++;
    if (!IDLE.has(byId.get(id)!.callFrame.functionName)) e.busy++;
    buckets.set(b, e);
  });
  console.log([...buckets].map(([b, e]) => `${b * 5}s:${Math.round((100 * e.busy) / e.all)}`).join(' '));
}

const from = Number(fromArg ?? 0);
const to = Number(toArg ?? duration);
const self = new Map<string, number>();
const areas = new Map<string, number>();
let total = 0;
let busy = 0;
profile.samples.forEach((id, i) => {
  const s = at(i);
  if (s < from || s > to) return;
  total++;
  const cf = byId.get(id)!.callFrame;
  if (IDLE.has(cf.functionName)) return;
  busy++;
  const key = `${cf.functionName || '(anonymous)'}  ${short(cf.url)}:${cf.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + 1);
  const a = area(id);
  areas.set(a, (areas.get(a) ?? 0) + 1);
});
const pct = (n: number) => `${((100 * n) / busy).toFixed(1).padStart(5)} %`;
console.log(`\nWindow ${from}–${to.toFixed(0)} s: ${busy} of ${total} samples busy (${((100 * busy) / Math.max(1, total)).toFixed(0)} %).`);
console.log('\nBy area (share of busy samples):');
for (const [a, n] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 15)) console.log(`  ${pct(n)}  ${a}`);
console.log('\nTop functions by self time:');
for (const [k, n] of [...self].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log(`  ${pct(n)}  ${k}`);
