import { createGuardrails, generateSecret, generateURI, verifySync } from 'otplib';

const STEP_SECONDS = 30;
const CODE = /^\d{6}$/;

/**
 * Secrets handed out before otplib 13 are 10 bytes (16 base32 characters), its predecessor's
 * default; otplib 13 refuses anything under 16 bytes unless told otherwise. Those secrets sit in
 * authenticator apps and must keep working, so verification accepts them; new secrets are
 * otplib 13's 20 bytes (RFC 4226's recommended 160 bits).
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/**
 * The time step a code was made for, accepting one step of drift either side of the server's
 * clock (a phone running a little fast or slow); null when the code fits none of them. Callers
 * spend the step with claimTotpStep so that no code is accepted twice.
 */
export function totpStep(code: string, secret: string, now = Date.now()): number | null {
  // otplib 13 throws on a code of the wrong shape, where a wrong code is just a wrong code here.
  if (!CODE.test(code)) return null;
  const epoch = Math.floor(now / 1000);
  const result = verifySync({
    secret,
    token: code,
    epoch,
    period: STEP_SECONDS,
    epochTolerance: STEP_SECONDS,
    guardrails,
  });
  return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null;
}

export const newTotpSecret = () => generateSecret();

export const totpUri = (email: string, secret: string) => generateURI({ issuer: 'Netloom', label: email, secret, period: STEP_SECONDS });
