import { describe, expect, it } from 'vitest';
import { chunkReloadAllowed, isChunkLoadError, nextCheckDelayMs, secondsUntil, versionCheckOutcome } from './connectivity';

describe('nextCheckDelayMs', () => {
  it('checks every 30 s while checks succeed and adds 10 s per consecutive failure', () => {
    expect(nextCheckDelayMs(0)).toBe(30_000);
    expect(nextCheckDelayMs(1)).toBe(40_000);
    expect(nextCheckDelayMs(2)).toBe(50_000);
    expect(nextCheckDelayMs(7)).toBe(100_000);
  });

  it('treats a negative or fractional count as whole failures from 0', () => {
    expect(nextCheckDelayMs(-3)).toBe(30_000);
    expect(nextCheckDelayMs(1.9)).toBe(40_000);
  });
});

describe('secondsUntil', () => {
  it('rounds the countdown up and stops at 0', () => {
    expect(secondsUntil(40_000, 0)).toBe(40);
    expect(secondsUntil(40_000, 100)).toBe(40);
    expect(secondsUntil(40_000, 39_001)).toBe(1);
    expect(secondsUntil(40_000, 41_000)).toBe(0);
  });
});

describe('versionCheckOutcome', () => {
  it('keeps a console whose build matches the served hash', () => {
    expect(versionCheckOutcome({ builtIn: 'a1', fetched: 'a1', reloadedFor: null })).toBe('current');
  });

  it('reloads for a new hash, once', () => {
    expect(versionCheckOutcome({ builtIn: 'a1', fetched: 'b2', reloadedFor: null })).toBe('reload');
    expect(versionCheckOutcome({ builtIn: 'a1', fetched: 'b2', reloadedFor: 'old' })).toBe('reload');
    expect(versionCheckOutcome({ builtIn: 'a1', fetched: 'b2', reloadedFor: 'b2' })).toBe('stuck');
  });
});

describe('chunkReloadAllowed', () => {
  it('reloads the first time and again only after the guard window', () => {
    expect(chunkReloadAllowed(null, 1_000)).toBe(true);
    expect(chunkReloadAllowed(1_000, 30_000)).toBe(false);
    expect(chunkReloadAllowed(1_000, 61_000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports of the major browsers and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
