/**
 * bench:assistant — the built-in assistant engine on its corpus (issue 37): exact-payload accuracy
 * on the held-out requests (written apart from the engine, every field expected) and on the whole
 * corpus, and the hard rule's count, wrong payloads (a payload that is not the one expected, where
 * a miss must be a question back). Offline, deterministic, one process; prints every miss.
 */
import { corpusCases, figures, scoreCase, type CorpusFigures, type ScoredCase } from '../packages/domain/src/assistant/corpus-score';

const scored = corpusCases().map(scoreCase);
const line = (label: string, f: CorpusFigures) =>
  `${label.padEnd(34)} ${String(f.cases).padStart(4)} cases  ${String(f.right).padStart(4)} right (${f.accuracy.toFixed(1)} %)  ${String(f.asked).padStart(3)} asked back  ${f.wrong} wrong`;
const of = (pick: (s: ScoredCase) => boolean) => figures(scored.filter(pick));

const rows: [string, (s: ScoredCase) => boolean][] = [
  ['held-out, web filter', (s) => s.set === 'held-out' && s.agent === 'webfilter'],
  ['held-out, endpoint profiles', (s) => s.set === 'held-out' && s.agent === 'mza_profile'],
  ['held-out', (s) => s.set === 'held-out'],
  ['second held-out batch', (s) => s.set === 'held-out-2'],
  ['first sets (fields they name)', (s) => s.set === 'first'],
  ['whole corpus', () => true],
  ['whole corpus, endpoint profiles', (s) => s.agent === 'mza_profile'],
];
for (const [label, pick] of rows) console.log(line(label, of(pick)));
for (const s of scored.filter((x) => x.outcome !== 'right')) {
  const got = s.reading.kind === 'question' ? `asked: ${s.reading.text}` : `payload: ${JSON.stringify(s.reading.payload)}`;
  console.log(
    `\n${s.outcome.toUpperCase()} [${s.set}, ${s.agent}] ${s.prompt}\n  expected: ${'question' in s.expect ? `a question ${s.expect.question}` : JSON.stringify(s.expect.payload)}\n  ${got}`,
  );
}
