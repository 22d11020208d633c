/**
 * The bounded maps rule states are made of: plain objects (so a state is JSON as it is), kept in
 * the order their keys were last touched (JavaScript keeps string keys in insertion order, and
 * JSON keeps it too). Past its cap a map forgets the keys touched longest ago, a tenth of the cap
 * at once, so a flood of new hosts costs little per record and never grows the state.
 *
 * Keys must not read as array indices ('443'), which objects would order first: prefix them.
 */
export interface BoundedMap<T> {
  size: number;
  items: Record<string, T>;
}

export const boundedMap = <T>(): BoundedMap<T> => ({ size: 0, items: {} });

/** The entry for a key, made if new, now the most recently touched. */
export function touch<T>(map: BoundedMap<T>, key: string, cap: number, make: () => T): T {
  const existing = map.items[key];
  if (existing !== undefined) {
    delete map.items[key];
    map.items[key] = existing;
    return existing;
  }
  const made = make();
  map.items[key] = made;
  map.size++;
  if (map.size > cap) evictOldest(map, map.size - Math.floor(cap * 0.9));
  return made;
}

function evictOldest<T>(map: BoundedMap<T>, count: number): void {
  let left = count;
  for (const key of Object.keys(map.items)) {
    if (left-- <= 0) break;
    delete map.items[key];
    map.size--;
  }
}

/** Drop the entries a test says are stale. */
export function sweep<T>(map: BoundedMap<T>, stale: (value: T) => boolean): void {
  for (const [key, value] of Object.entries(map.items)) {
    if (stale(value)) {
      delete map.items[key];
      map.size--;
    }
  }
}

/**
 * A small set of keys with the time each was last seen: drop those older than `since`, and past
 * `cap` the oldest. Returns how many are left.
 */
export function trimTimes(times: Record<string, number>, since: number, cap: number): number {
  let left = 0;
  for (const k in times) {
    if (times[k]! < since) delete times[k];
    else left++;
  }
  if (left <= cap) return left;
  const oldest = Object.entries(times)
    .sort((a, b) => a[1] - b[1])
    .slice(0, left - cap);
  for (const [k] of oldest) delete times[k];
  return cap;
}
