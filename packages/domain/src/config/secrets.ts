/**
 * Secrets in a configuration (pre-shared keys, passwords, pass phrases): the device is sent them,
 * a person never reads them back. Every answer, export, diff and audit entry shows a secret as
 * SECRET_MASK; a form sends the mask back for a secret it did not change, and the server puts the
 * kept value in its place. Which fields are secrets is said by their name, so a later family's
 * `password` or `passphrase` is one without a line here (`key`: a WAF application's TLS private key).
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set(['psk', 'password', 'passphrase', 'secret', 'auth_key', 'key']);
export const SECRET_MASK = '••••••••';
/** A hidden secret that has nothing to stand for (a masked export imported elsewhere). */
export const SECRET_NOT_GIVEN = 'Enter it again: a hidden secret cannot be copied';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The value with every non-empty secret replaced by what `change` makes of it, at any depth (the
 * mask for a person, a sealed form for storage); everything else is copied as it is.
 */
export function mapSecrets<T>(value: T, change: (secret: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => mapSecrets(v, change)) as T;
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k) && typeof v === 'string' && v !== '' ? change(v) : mapSecrets(v, change);
  return out as T;
}

/** The value with every non-empty secret replaced by the mask, at any depth. */
export function maskSecrets<T>(value: T): T {
  return mapSecrets(value, () => SECRET_MASK);
}

/** The item of `before` that `item` stands for: the one with its id, else the one at its place. */
function counterpart(item: unknown, index: number, before: unknown[]): unknown {
  const id = isRecord(item) ? item.id : undefined;
  if (typeof id === 'string') return before.find((b) => isRecord(b) && b.id === id);
  return before[index];
}

/**
 * `incoming` with each masked secret given back its kept value from `kept` (the same field of the
 * same item: list items matched by id, else by place). A mask with nothing kept for it stays, for
 * unrestoredSecrets to name.
 */
export function restoreSecrets<T>(incoming: T, kept: unknown): T {
  if (Array.isArray(incoming)) {
    const before = Array.isArray(kept) ? kept : [];
    return incoming.map((item, i) => restoreSecrets(item, counterpart(item, i, before))) as T;
  }
  if (!isRecord(incoming)) return incoming;
  const prior = isRecord(kept) ? kept : {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(incoming)) {
    out[k] = SECRET_KEYS.has(k) && v === SECRET_MASK && typeof prior[k] === 'string' ? prior[k] : restoreSecrets(v, prior[k]);
  }
  return out as T;
}

/** The paths of masks left after restoring ('ipsec.tunnels.0.psk'): secrets to type again. */
export function unrestoredSecrets(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => unrestoredSecrets(v, [...path, i]));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => (SECRET_KEYS.has(k) && v === SECRET_MASK ? [[...path, k]] : unrestoredSecrets(v, [...path, k])));
}
