import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { customType } from 'drizzle-orm/pg-core';
import { mapSecrets } from '@netloom/domain';

/**
 * Secrets of device configurations (pre-shared keys, passwords, pass phrases) are kept encrypted
 * at rest: in revisions, drafts, templates, drifts and the device jobs that carry a document, each
 * secret field's value is sealed with AES-256-GCM as it is written and opened as it is read, so a
 * database dump or backup holds no secret in clear while the server still sends the device the
 * real value. Only the secret fields are sealed: hashes, revision ids and every SQL that reads
 * into a document (jsonb paths) see the rest as before.
 *
 * The key is installed once when the server starts (Drizzle column types are static, so it cannot
 * travel with a request): CONFIG_SECRET_KEY, else one generated once and kept in the database.
 * Each sealed value names its key's id, so earlier keys (CONFIG_SECRET_PREVIOUS_KEYS) still open
 * what they sealed after the key is changed.
 */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface SealKey {
  id: string;
  key: Buffer;
}

const keys = new Map<string, Buffer>();
let current: SealKey | null = null;

/** A key from its text (any text of 32 characters or more): the AES key is its SHA-256, the id a short hash of it. */
function keyOf(text: string): SealKey {
  return {
    id: createHash('sha256').update(`netloom-seal-id|${text}`).digest('hex').slice(0, 8),
    key: createHash('sha256').update(text).digest(),
  };
}

/** Seals from now on with `key`; `previous` keys (and any installed before in this process) still open what they sealed. */
export function installSealKeys(key: string, previous: readonly string[] = []): void {
  for (const text of [...previous, key]) {
    const k = keyOf(text);
    keys.set(k.id, k.key);
  }
  current = keyOf(key);
}

/** The key to install: the configured one, else the one the first instance generated and stored (`storeOnce` keeps the first value stored under a name). */
export async function loadSealKey(configured: string | null, storeOnce: (name: string, value: string) => Promise<string | undefined>): Promise<string> {
  if (configured) return configured;
  const stored = await storeOnce('config-seal', randomBytes(32).toString('base64url'));
  if (stored === undefined) throw new Error('The configuration secrets key could not be stored');
  return stored;
}

/** The id sealed values of the current key carry. */
export function currentSealKeyId(): string {
  if (!current) throw new Error('No configuration secrets key is installed: the server installs one when it starts');
  return current.id;
}

export function sealText(plain: string): string {
  if (!current) throw new Error('No configuration secrets key is installed: the server installs one when it starts');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${current.id}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The plain value of a sealed one; a value without the seal (kept before secrets were sealed) is its own plain value. */
export function openText(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [id, data] = stored.slice(PREFIX.length).split(':');
  const key = id ? keys.get(id) : undefined;
  if (!key || !data) throw new Error(`A configuration secret was sealed with a key this server does not have (key ${id}): set CONFIG_SECRET_PREVIOUS_KEYS`);
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** Every secret field of a JSON value sealed (written) or opened (read). */
export const sealSecrets = <T>(value: T): T => mapSecrets(value, sealText);
export const openSecrets = <T>(value: T): T => mapSecrets(value, openText);

const fromJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** A jsonb column whose secret fields are sealed at rest (see above). */
export const sealedJsonb = <T>(name: string) =>
  customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(sealSecrets(value)),
    fromDriver: (value) => openSecrets(fromJson(value)) as T,
  })(name);

/** A text column holding one secret, sealed at rest. */
export const sealedText = (name: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => sealText(value),
    fromDriver: (value) => openText(value),
  })(name);
