import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { isStorableJson, isStorableText, storableJson, storableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates anywhere in the text', () => {
    for (const bad of ['li\u0000nux', '\u0000', 'a\uD800', '\uDC00b', 'x\uDBFFy', '\uDFFF\uD800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts paired surrogates (emoji) and every other well-formed string', () => {
    expect(isStorableText('router 🚀 東京')).toBe(true);
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => isStorableText(s) === !s.includes('\u0000')));
  });

  it('names the field in a zod error and still chains the usual checks', () => {
    const schema = z.object({ os: storableText().min(2).max(8) });
    const res = schema.safeParse({ os: 'li\u0000nux' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({ path: ['os'], message: UNSTORABLE_TEXT_MESSAGE });
    expect(schema.safeParse({ os: 'x' }).success).toBe(false);
    expect(schema.parse({ os: 'linux' })).toEqual({ os: 'linux' });
  });

  it('walks JSON values, keys included', () => {
    expect(isStorableJson({ a: [1, 'ok', { b: null }] })).toBe(true);
    expect(isStorableJson({ a: [1, { b: 'x\u0000' }] })).toBe(false);
    expect(isStorableJson({ ['k\uD800']: 1 })).toBe(false);
    expect(storableJson(z.record(z.string(), z.unknown())).safeParse({ x: ['\u0000'] }).success).toBe(false);
  });
});
