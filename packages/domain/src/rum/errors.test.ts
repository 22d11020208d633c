import { describe, expect, it } from 'vitest';
import { errorFingerprint, normaliseErrorMessage, parseStack } from './errors';

describe('error fingerprint', () => {
  it('replaces the variable parts of a message', () => {
    expect(normaliseErrorMessage('Cannot read properties of undefined (reading "name") at row 42')).toBe(
      'Cannot read properties of undefined (reading <value>) at row <n>',
    );
    expect(normaliseErrorMessage('Order 5f2b0c1e-1111-4222-8333-944445555666 failed: https://api.x/y?z')).toBe('Order <id> failed: <url>');
  });

  it('reads V8 and Firefox frames', () => {
    expect(parseStack('TypeError: x\n    at render (https://x.io/app.js:10:20)\n    at https://x.io/vendor.js:1:5')).toEqual([
      { fn: 'render', file: 'https://x.io/app.js', line: 10, col: 20 },
      { fn: null, file: 'https://x.io/vendor.js', line: 1, col: 5 },
    ]);
    expect(parseStack('render@https://x.io/app.js:10:20\n@https://x.io/app.js:2:3')[0]).toEqual({
      fn: 'render',
      file: 'https://x.io/app.js',
      line: 10,
      col: 20,
    });
  });

  it('groups the same bug on other records and releases, and separates other bugs', () => {
    const a = errorFingerprint({ message: 'Item 12 not found', stack: 'Error\n    at load (https://x.io/app.js?v=1:10:20)' });
    const b = errorFingerprint({ message: 'Item 99 not found', stack: 'Error\n    at load (https://x.io/app.js?v=2:11:3)' });
    const c = errorFingerprint({ message: 'Item 12 not found', stack: 'Error\n    at save (https://x.io/app.js:10:20)' });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });
});
