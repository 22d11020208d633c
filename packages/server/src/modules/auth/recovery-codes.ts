import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@netloom/domain';
import type { Db } from '../../db/client';
import { replaceRecoveryCodeHashes, useRecoveryCodeHash } from './repo';
import { hashToken } from './tokens';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** New recovery codes replace every earlier one; `count` 0 just forgets them (2FA turned off). */
export async function replaceRecoveryCodes(db: Db, userId: string, count = RECOVERY_CODE_COUNT): Promise<string[]> {
  const codes = Array.from({ length: count }, () => `${part()}-${part()}`);
  await replaceRecoveryCodeHashes(db, userId, codes.map(hashToken));
  return codes;
}

/** Uses a code exactly once (see useRecoveryCodeHash); codes are typed in any case. */
export async function consumeRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  return useRecoveryCodeHash(db, userId, hashToken(code.toLowerCase()));
}
