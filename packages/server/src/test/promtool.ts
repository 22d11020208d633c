import { spawnSync } from 'node:child_process';

/**
 * Prometheus' own linter on an exposition text: `promtool check metrics` (Debian's `prometheus`
 * package, which .ci/run installs). Answers what it reported; nothing when it found no problem.
 * A missing promtool fails the test that asks, rather than passing it unchecked.
 */
export function promtoolProblems(exposition: string): string[] {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: exposition, encoding: 'utf8', timeout: 30_000 });
  if (run.error) throw new Error(`promtool could not run (apt-get install --no-install-recommends prometheus): ${run.error.message}`);
  const said = `${run.stdout}${run.stderr}`
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // Exit 0 is clean; 3 is lint problems, 1 a text it could not parse: either way a problem, said or not.
  return run.status === 0 ? [] : said.length > 0 ? said : [`promtool exited ${run.status}`];
}
