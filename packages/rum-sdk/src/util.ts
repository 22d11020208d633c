/** Runs fn and swallows what it throws: nothing the SDK does may break the page it measures. */
export function safe<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch {
      // The page matters more than a lost measurement.
    }
  };
}

/** A random id in the beacon's charset ([A-Za-z0-9_-]), 22 characters from 16 random bytes. */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  if (typeof globalThis.crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A URL as the beacon carries it: origin and path, without the query and fragment (they may hold personal data). */
export function pageUrl(href: string): string {
  try {
    const u = new URL(href, location.href);
    return u.origin + u.pathname;
  } catch {
    return '';
  }
}

/** Milliseconds to a tenth, enough for the p75s the console draws, and shorter beacons. */
export const ms = (n: number): number => Math.round(n * 10) / 10;

export const clip = (s: string, max: number): string => (s.length > max ? s.slice(0, max) : s);
