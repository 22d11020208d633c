import { describe, expect, it } from 'vitest';
import { corpusCases, figures, scoreCase } from './corpus-score';

const scored = corpusCases().map(scoreCase);

describe("the assistant's corpus, read by the built-in engine", () => {
  it('is at least 150 requests, 60 of them held out, both kinds, requests to ask back among them', () => {
    expect(scored.length).toBeGreaterThanOrEqual(150);
    expect(scored.filter((s) => s.set !== 'first').length).toBeGreaterThanOrEqual(60);
    expect(scored.filter((s) => s.agent === 'mza_profile').length).toBeGreaterThanOrEqual(25);
    expect(scored.filter((s) => s.set !== 'first' && 'question' in s.expect).length).toBeGreaterThanOrEqual(10);
  });

  // The hard rule: a miss is a question back, never a payload the admin did not ask for.
  it.each(scored.map((s) => [s.set, s.agent, s.prompt, s] as const))('[%s, %s] %s: no wrong payload', (_set, _agent, _prompt, s) => {
    expect(s.outcome, JSON.stringify({ expected: 'question' in s.expect ? String(s.expect.question) : s.expect.payload, got: s.reading })).not.toBe('wrong');
  });

  it('reports its exact-payload accuracy (aim: 90 % or more; `npm run bench:assistant` lists the misses)', () => {
    const all = figures(scored);
    const heldOut = figures(scored.filter((s) => s.set !== 'first'));
    console.info(
      `assistant corpus: held-out (both batches) ${heldOut.right}/${heldOut.cases} (${heldOut.accuracy} %), whole ${all.right}/${all.cases} (${all.accuracy} %), wrong ${all.wrong}`,
    );
    expect(all.right + all.asked + all.wrong).toBe(all.cases);
  });
});
