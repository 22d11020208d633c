import { useCallback, useSyncExternalStore } from 'react';
import { rememberRecent } from '@netloom/domain';

/** Each user's recent pages on this browser: another user signing in here does not see them. */
const keyFor = (userId: string) => `recentPages:${userId}`;

const listeners = new Set<() => void>();
// The last value read per key, so an unchanged value is the same list (useSyncExternalStore needs that).
const parsed = new Map<string, { raw: string | null; list: readonly string[] }>();

function read(userId: string): readonly string[] {
  const key = keyFor(userId);
  const raw = localStorage.getItem(key);
  const last = parsed.get(key);
  if (last && last.raw === raw) return last.list;
  let list: readonly string[] = [];
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(value)) list = value.filter((h): h is string => typeof h === 'string');
  } catch {
    // A damaged value is a list to start again.
  }
  parsed.set(key, { raw, list });
  return list;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The console URLs (without query) this user opened last, newest first, and a way to add one. */
export function useRecentPages(userId: string): [readonly string[], (href: string) => void] {
  const recent = useSyncExternalStore(subscribe, () => read(userId));
  const remember = useCallback(
    (href: string) => {
      const before = read(userId);
      if (before[0] === href) return;
      localStorage.setItem(keyFor(userId), JSON.stringify(rememberRecent(before, href)));
      for (const l of listeners) l();
    },
    [userId],
  );
  return [recent, remember];
}
