import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@netloom/domain';
import type { Db } from '../../db/client';
import { recoveryCodes } from '../../db/schema/index';
import { hashToken } from './tokens';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** New recovery codes replace every earlier one; `count` 0 just forgets them (2FA turned off). */
export async function replaceRecoveryCodes(db: Db, userId: string, count = RECOVERY_CODE_COUNT): Promise<string[]> {
  const codes = Array.from({ length: count }, () => `${part()}-${part()}`);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codes.length) {
    await db.insert(recoveryCodes).values(codes.map((code) => ({ id: crypto.randomUUID(), userId, codeHash: hashToken(code) })));
  }
  return codes;
}

/** Uses a code exactly once: of two logins with one code, only one gets the row. */
export async function consumeRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(code.toLowerCase())), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
