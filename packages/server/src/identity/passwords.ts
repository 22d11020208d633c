import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against the stored hash, or against a throwaway one when there is none, so an unknown
 * user costs the same time as a wrong password and answers cannot be told apart by timing.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('netloom-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
