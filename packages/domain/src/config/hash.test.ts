import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalConfigJson, configHash } from './hash';
import type { ConfigDocument } from './document';

/** The same object with its keys in another order, all the way down. */
function shuffled(value: unknown, order: number[]): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffled(v, order));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const keyed = entries.map((e, i) => [order[i % order.length] ?? 0, e] as const).sort((a, b) => a[0] - b[0]);
  return Object.fromEntries(keyed.map(([, [k, v]]) => [k, shuffled(v, order)]));
}

describe('configuration hash', () => {
  it('is the SHA-256 of the canonical JSON', () => {
    expect(configHash({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
    expect(canonicalConfigJson({ static_routes: [], interfaces: { wan: [], lan: [], vlans: [] } } as ConfigDocument)).toBe(
      '{"interfaces":{"lan":[],"vlans":[],"wan":[]},"static_routes":[]}',
    );
  });

  it('never changes with key order, and changes with any value', () => {
    const json = fc.jsonValue().filter((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
    fc.assert(
      fc.property(json, fc.array(fc.nat(), { minLength: 1 }), (doc, order) => {
        expect(configHash(shuffled(doc, order) as ConfigDocument)).toBe(configHash(doc as ConfigDocument));
        expect(configHash({ ...(doc as object), __changed: 1 } as ConfigDocument)).not.toBe(configHash(doc as ConfigDocument));
      }),
    );
  });
});
