/** E-mail rules of spec 000 §5. */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const FREE_MAIL_PROVIDERS: readonly string[] = ['gmail', 'yahoo', 'hotmail', 'aol', 'outlook'];

export function isEmail(value: string): boolean {
  return EMAIL.test(value) && !value.includes('..');
}

/** Business e-mail: 6–30 characters and not at a free mail provider (sign-up). */
export function isBusinessEmail(value: string): boolean {
  if (value.length < 6 || value.length > 30 || !isEmail(value)) return false;
  const domain = value.slice(value.lastIndexOf('@') + 1).toLowerCase();
  const provider = domain.split('.')[0] ?? '';
  return !FREE_MAIL_PROVIDERS.includes(provider);
}

export const emailMessages = {
  invalid: 'Enter valid Email',
  business: 'Please use your business e-mail address (6–30 characters, no free mail providers)',
} as const;

const STRICT_FORBIDDEN = /[&=_\\\-+,<>]/;

/**
 * Strict e-mail: 6–40 characters, no double dots, no dot at the start or end of the address or of
 * its local part, and none of & = _ \ - + , < >.
 */
export function isStrictEmail(value: string): boolean {
  if (value.length < 6 || value.length > 40 || !isEmail(value)) return false;
  if (STRICT_FORBIDDEN.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return !value.startsWith('.') && !value.endsWith('.') && !local.startsWith('.') && !local.endsWith('.');
}
