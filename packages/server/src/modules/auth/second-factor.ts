import { ERROR_CODES, WRONG_TWO_FACTOR_CODE, isRecoveryCode } from '@netloom/domain';
import { AppError } from '../../http/errors';
import type { Db } from '../../db/client';
import { consumeRecoveryCode } from './recovery-codes';
import { claimTotpStep } from './repo';
import { totpStep } from './totp';
import type { UserRow } from '../../identity/repo';

/** Whether a second factor is right, spending it: a TOTP step or a recovery code works once. */
export async function spendSecondFactor(db: Db, user: UserRow, code: string): Promise<boolean> {
  if (!user.twoFactorSecret) return false;
  if (isRecoveryCode(code)) return consumeRecoveryCode(db, user.id, code);
  const step = totpStep(code, user.twoFactorSecret);
  return step !== null && claimTotpStep(db, { userId: user.id, secret: user.twoFactorSecret, step });
}

/** A refused second factor, in words at the code field and as the answer's detail (what a form shows). */
export const wrongSecondFactor = () => new AppError(400, ERROR_CODES.invalidCode, WRONG_TWO_FACTOR_CODE, { code: [WRONG_TWO_FACTOR_CODE] });
