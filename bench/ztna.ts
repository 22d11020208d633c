/**
 * bench:ztna — zero-trust access (issue 22, Performance): policy compilation and evaluation for a
 * tenant with 5,000 endpoints, 500 teams, 1,000 servers and 300 policies; decisions per second; and
 * what one policy edit costs next to the same run's full recomputation of every endpoint's view.
 *
 * Tenant (ztna/tenant.ts, seeded): 4,000 users in one to three of 500 teams, 5,000 endpoints (a
 * second one for some users, a few with nobody signed in) reporting a posture (some values missing,
 * some old versions, firewalls off), 1,000 servers in 20 sites (FQDNs, addresses, subnets,
 * wildcards; a few disabled or for managed endpoints only) behind two app connectors each, 300
 * policies (three deny-for-everyone at the top, then for teams, named users and security groups;
 * a fifth deny; a third of the allows with posture conditions; a few scheduled or disabled;
 * servers, a site or both, some narrowed to ports), 50 security groups (static users, static
 * endpoints, or a rule by OS and country), 20 profiles, 10 DNS groups, 3 staged rollouts.
 *
 * Decisions (ztna/evaluation.ts): BENCH_REQUESTS connection attempts over a week (ztna/requests.ts:
 * most for a server one of the endpoint's policies names, the rest for any server), decided on one
 * core by compileAccess's evaluator and by the plain decideAccess (the baseline), alternating every
 * 2,000 requests, BENCH_RUNS runs after a warm-up that checks the two agree on every request;
 * medians printed, and compileAccess's time (median of 5).
 *
 * Sections (ztna/recompute.ts): every endpoint's `ztna` section made again with ztnaSectionsFor
 * (what a full recommit of the tenant does), BENCH_FULL_RUNS times after a warm-up pass; beside it the same with one
 * section per view key (ztnaSectionsForEndpoints) and the requester index's build. Then one edit at
 * a time (ztna/edits.ts: policies for a team, a security group, named users and everyone; a new
 * policy; two reorders; a server, a security group rule, a DNS group, a profile): the endpoints it
 * touches (endpointsTouched on the index), their sections made again (one per view key) and the
 * index brought up to date, median of BENCH_EDIT_RUNS; each checked against a full recomputation
 * of the tenant after it (every endpoint whose section changed must be touched). Every timed
 * figure is taken on a new snapshot of the tenant, as the server loads one per edit, so it includes
 * the domain's preparation of it. Aim: one edit recomputes only the endpoints it touches and
 * finishes under 1 s.
 *
 * Exit code 0 whatever the figures. Env: BENCH_ZTNA_ENDPOINTS (5,000), BENCH_ZTNA_POLICIES (300),
 * BENCH_REQUESTS (200,000), BENCH_RUNS (5), BENCH_FULL_RUNS (5), BENCH_EDIT_RUNS (5).
 * Profile with `node --cpu-prof --import tsx bench/ztna.ts`.
 */
import { cpus, loadavg } from 'node:os';
import { NO_POSTURE_CONDITIONS, sameValue } from '@netloom/domain';
import { benchEdits } from './ztna/edits';
import { runDecisions } from './ztna/evaluation';
import { runEdit, runFull } from './ztna/recompute';
import { buildAccessRequests } from './ztna/requests';
import { buildZtnaTenant, FULL_SHAPE } from './ztna/tenant';

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const load = () => loadavg()[0]!.toFixed(2);
const n0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const pct = (part: number, whole: number) => (part > 0 && part < whole / 1000 ? '< 0.1 %' : `${((100 * part) / whole).toFixed(1)} %`);
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

log(`bench:ztna on ${cpus().length} cores (measured on one), Node ${process.version}, load average ${load()}`);
const shape = { ...FULL_SHAPE, endpoints: num('BENCH_ZTNA_ENDPOINTS', FULL_SHAPE.endpoints), policies: num('BENCH_ZTNA_POLICIES', FULL_SHAPE.policies) };
const built = buildZtnaTenant(shape);
const t = built.tenant;
const requests = buildAccessRequests(built, num('BENCH_REQUESTS', 200_000));
log(`tenant and ${n0(requests.length)} requests built`);

// ── Decisions ───────────────────────────────────────────────────────────────────────────────
const d = runDecisions({ servers: t.servers, policies: t.policies }, requests, num('BENCH_RUNS', 5), log);
const policies = t.policies;
const sources = {
  everyone: policies.filter((p) => p.sources.everyone).length,
  teams: policies.filter((p) => p.sources.groups.length > 0).length,
  users: policies.filter((p) => p.sources.users.length > 0).length,
  'security groups': policies.filter((p) => p.sources.security_groups.length > 0).length,
};
const compiled = median(d.compiledPerS);
const plain = median(d.plainPerS);
console.log(`\nbench:ztna — access decisions, one core, load average ${load()}`);
console.log(
  `  tenant: ${n0(t.endpoints.size)} endpoints (${n0(built.users.length)} users in ${n0(built.groups.length)} teams), ${n0(t.servers.length)} servers in ${built.sites.length} sites, ` +
    `${policies.length} policies (${policies.filter((p) => p.action === 'deny').length} deny, ${policies.filter((p) => !p.enabled).length} disabled, ` +
    `${policies.filter((p) => p.schedule).length} scheduled, ${policies.filter((p) => !sameValue(p.posture, NO_POSTURE_CONDITIONS)).length} with posture; ` +
    `for ${Object.entries(sources)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), ${t.securityGroups.length} security groups (${t.securityGroups.filter((g) => g.rule).length} by rule), ` +
    `${t.profiles.length} profiles, ${t.dnsGroups.length} DNS groups`,
);
console.log(`  compileAccess: ${f1(median(d.compileMs))} ms (median of ${d.compileMs.length})`);
console.log(
  `  stream: ${n0(requests.length)} requests; allowed ${pct(d.allowed, requests.length)}; by rule ${Object.entries(d.byRule)
    .sort((a, b) => b[1]! - a[1]!)
    .map(([k, v]) => `${k} ${pct(v!, requests.length)}`)
    .join(', ')}`,
);
console.log(`  compiled and plain agree on every request: ${d.disagree === 0 ? 'yes' : `NO (${n0(d.disagree)} differ)`}`);
console.log(`  ${'figure'.padEnd(28)} ${'median'.padStart(12)}   runs`);
console.log(`  ${'compileAccess → decide'.padEnd(28)} ${n0(compiled).padStart(10)}/s   ${d.compiledPerS.map(n0).join(', ')}`);
console.log(`  ${'decideAccess (plain)'.padEnd(28)} ${n0(plain).padStart(10)}/s   ${d.plainPerS.map(n0).join(', ')}`);
console.log(`  compiled ${f1(median(d.compiledPerS.map((c, i) => c / d.plainPerS[i]!)))}× the plain decision (median of the runs' ratios)`);

// ── Sections: the full recomputation and one edit ───────────────────────────────────────────
const full = runFull(t, num('BENCH_FULL_RUNS', 5), log);
const edits = benchEdits(built);
const editRuns = num('BENCH_EDIT_RUNS', 5);
const results = edits.map((edit) => {
  const r = runEdit(t, full.sections, edit, editRuns);
  log(`edit '${edit.name}': ${n0(r.touched)} touched, ${n0(r.changed)} changed, ${f1(r.findMs + r.recomputeMs + r.refreshMs)} ms`);
  return r;
});
const fullMs = median(full.fullMs);
console.log(`\nbench:ztna — endpoint sections and one edit, one core, load average ${load()}`);
console.log(
  `  full recomputation, ${n0(full.endpoints)} endpoints' ztna sections (ztnaSectionsFor each): ${n0(fullMs)} ms (median of ${full.fullMs.length}; runs ${full.fullMs.map(n0).join(', ')}); ` +
    `one section per view key: ${n0(median(full.sharedMs))} ms (${n0(full.viewKeys)} view keys); requester index: ${n0(median(full.indexMs))} ms; ${n0(full.serversPerSection)} servers in a section on average`,
);
console.log(
  `  ${'edit'.padEnd(44)} ${'touched'.padStart(7)} ${'changed'.padStart(7)} ${'keys'.padStart(6)} ${'find'.padStart(7)} ${'recompute'.padStart(9)} ${'index'.padStart(6)} ${'total'.padStart(7)} ${'vs full'.padStart(8)}   one per endpoint`,
);
for (const r of results) {
  const total = r.findMs + r.recomputeMs + r.refreshMs;
  console.log(
    `  ${r.name.padEnd(44)} ${n0(r.touched).padStart(7)} ${n0(r.changed).padStart(7)} ${n0(r.viewKeys).padStart(6)} ${f1(r.findMs).padStart(7)} ${f1(r.recomputeMs).padStart(9)} ${(r.refreshed ? f1(r.refreshMs) : '–').padStart(6)} ${f1(total).padStart(7)} ${`${((100 * total) / fullMs).toFixed(0)} %`.padStart(8)}   ${f1(r.plainRecomputeMs)} ms${r.missed ? `  MISSED ${r.missed} changed endpoints` : ''}`,
  );
}
const slowest = Math.max(...results.map((r) => r.findMs + r.recomputeMs + r.refreshMs));
const missed = results.reduce((sum, r) => sum + r.missed, 0);
console.log(`  (ms, median of ${editRuns}; total = find + recompute (one section per view key) + index refresh ('–': the edit moves nobody in the index))`);
console.log(
  `  aim: one edit under 1 s: ${met(slowest < 1_000)} (slowest ${f1(slowest)} ms); only the endpoints it touches, none it changes left out: ${met(missed === 0)}${missed ? ` (${missed} left out)` : ''}`,
);
process.exit(0);
