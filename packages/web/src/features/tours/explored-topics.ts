import { useCallback, useState } from 'react';

// Per user, and outside the keys logout clears: what someone already watched stays struck through.
const keyOf = (userId: string) => `explored-topics:${userId}`;

function read(userId: string): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The Explore topics this user has opened, and a way to add one. */
export function useExploredTopics(userId: string): [ReadonlySet<string>, (topicId: string) => void] {
  const [explored, setExplored] = useState<ReadonlySet<string>>(() => new Set(read(userId)));
  const markExplored = useCallback(
    (topicId: string) => {
      const next = new Set(read(userId)).add(topicId);
      localStorage.setItem(keyOf(userId), JSON.stringify([...next]));
      setExplored(next);
    },
    [userId],
  );
  return [explored, markExplored];
}
