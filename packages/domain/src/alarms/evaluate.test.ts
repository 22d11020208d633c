import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_ALARM_SETTINGS, type AlarmState } from './kinds';
import { freshSubject, observe, performanceTiming, qualityState, UP_DOWN_TIMING, upDownState, type AlarmTiming, type SubjectState } from './evaluate';

/** Feeds observations (state, ms after the previous) through the rules; returns the stored changes with their times. */
function run(observations: [AlarmState, number][], t: AlarmTiming) {
  let s: SubjectState = freshSubject();
  let now = 0;
  const changes: { state: AlarmState; at: number }[] = [];
  for (const [state, gap] of observations) {
    now += gap;
    const r = observe(s, state, now, t);
    s = r.next;
    if (r.change) changes.push({ state: r.change, at: now });
  }
  return changes;
}

/** The index of each observation that stored a change. */
function changeIndices(observations: [AlarmState, number][], t: AlarmTiming): number[] {
  let s: SubjectState = freshSubject();
  let now = 0;
  const found: number[] = [];
  observations.forEach(([state, gap], i) => {
    now += gap;
    const r = observe(s, state, now, t);
    s = r.next;
    if (r.change) found.push(i);
  });
  return found;
}

const observation = fc.tuple(fc.constantFrom<AlarmState>('Alerting', 'OK'), fc.integer({ min: 0, max: 120_000 }));
const timing = fc.record({
  holdMs: fc.integer({ min: 0, max: 300_000 }),
  flapLimit: fc.integer({ min: 1, max: 6 }),
  flapWindowMs: fc.integer({ min: 1, max: 1_800_000 }),
  flapHoldMs: fc.integer({ min: 0, max: 300_000 }),
});

describe('alarm evaluation', () => {
  it('a link going down alerts at once, and repeated heartbeats add nothing', () => {
    const changes = run(
      [
        ['OK', 0],
        ['Alerting', 10_000],
        ['Alerting', 10_000],
        ['Alerting', 10_000],
        ['OK', 10_000],
        ['OK', 10_000],
      ],
      UP_DOWN_TIMING,
    );
    expect(changes).toEqual([
      { state: 'Alerting', at: 10_000 },
      { state: 'OK', at: 40_000 },
    ]);
  });

  it('a single spike does not alert; one that lasts the hold time does', () => {
    const t = performanceTiming({ ...DEFAULT_ALARM_SETTINGS, hold_seconds: 60 });
    expect(
      run(
        [
          ['Alerting', 0],
          ['OK', 10_000],
        ],
        t,
      ),
    ).toEqual([]);
    expect(
      run(
        [
          ['Alerting', 0],
          ['Alerting', 30_000],
          ['Alerting', 30_000],
        ],
        t,
      ),
    ).toEqual([{ state: 'Alerting', at: 60_000 }]);
  });

  it('a flapping link is damped: after four changes in ten minutes a new state must last two minutes', () => {
    const bounce: [AlarmState, number][] = [];
    for (let i = 0; i < 6; i++) bounce.push([i % 2 === 0 ? 'Alerting' : 'OK', 20_000]);
    const changes = run(bounce, UP_DOWN_TIMING);
    expect(changes).toHaveLength(4);
    // Down and staying down: stored once it has lasted the flapping hold (seen first a minute after the bounces).
    const down: [AlarmState, number][] = [
      ['Alerting', 60_000],
      ['Alerting', 60_000],
      ['Alerting', 60_000],
    ];
    const settled = run([...bounce, ...down], UP_DOWN_TIMING);
    expect(settled).toHaveLength(5);
    expect(settled.at(-1)).toEqual({ state: 'Alerting', at: 20_000 * 6 + 60_000 + 120_000 });
  });

  it('property: stored changes alternate, start with Alerting and never repeat a state', () => {
    fc.assert(
      fc.property(fc.array(observation, { maxLength: 60 }), timing, (obs, t) => {
        const changes = run(obs, t);
        changes.forEach((c, i) => expect(c.state).toBe(i % 2 === 0 ? 'Alerting' : 'OK'));
      }),
    );
  });

  it('property: a change is stored only after the observed state lasted the hold time', () => {
    fc.assert(
      fc.property(fc.array(observation, { maxLength: 60 }), timing, (obs, t) => {
        let now = 0;
        const times = obs.map(([state, gap]) => ({ state, at: (now += gap) }));
        for (const i of changeIndices(obs, t)) {
          // The run of observations saying the new state began at least the hold time before.
          let j = i;
          while (j > 0 && times[j - 1]!.state === times[i]!.state) j--;
          expect(times[i]!.at - times[j]!.at).toBeGreaterThanOrEqual(t.holdMs);
        }
      }),
    );
  });

  it('property: one state observed forever stores at most one change', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AlarmState>('Alerting', 'OK'),
        fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 50 }),
        timing,
        (state, gaps, t) => {
          expect(
            run(
              gaps.map((g) => [state, g]),
              t,
            ).length,
          ).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('reads quality against the thresholds, and up/down as reported', () => {
    const s = DEFAULT_ALARM_SETTINGS;
    expect(qualityState({ latency_ms: 20, jitter_ms: 2, loss_pct: 0 }, s)).toBe('OK');
    expect(qualityState({ latency_ms: s.latency_ms + 1, loss_pct: 0 }, s)).toBe('Alerting');
    expect(qualityState({ latency_ms: 20, jitter_ms: s.jitter_ms + 1, loss_pct: 0 }, s)).toBe('Alerting');
    expect(qualityState({ latency_ms: null, loss_pct: 100 }, s)).toBe('Alerting');
    expect(qualityState({ latency_ms: s.latency_ms, jitter_ms: s.jitter_ms, loss_pct: s.loss_pct }, s)).toBe('OK');
    expect(upDownState('down')).toBe('Alerting');
    expect(upDownState('up')).toBe('OK');
    expect(upDownState('unknown')).toBeNull();
  });
});
