import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A device's own credential: a random secret, stored only as its SHA-256. */
export function newDeviceSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const newEnrolmentKey = (): string => randomBytes(32).toString('base64url');
