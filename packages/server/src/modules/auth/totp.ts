import { authenticator } from 'otplib';

const STEP_SECONDS = 30;

/**
 * The time step a code was made for, accepting one step of drift either side of the server's
 * clock (a phone running a little fast or slow); null when the code fits none of them. Callers
 * spend the step with claimTotpStep so that no code is accepted twice.
 */
export function totpStep(code: string, secret: string, now = Date.now()): number | null {
  const delta = authenticator.clone({ window: 1, epoch: now, step: STEP_SECONDS }).checkDelta(code, secret);
  return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

export const newTotpSecret = () => authenticator.generateSecret();

export const totpUri = (email: string, secret: string) => authenticator.keyuri(email, 'Netloom', secret);
