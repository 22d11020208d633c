import { describe, expect, it } from 'vitest';
import { passwordChangeBodySchema, passwordSchema, twoFactorLoginBodySchema } from './auth';

describe('new passwords', () => {
  it('refuse an unpaired surrogate, which the hash would store as U+FFFD (two passwords would be one)', () => {
    expect(passwordSchema.safeParse('pass\ud800word').success).toBe(false);
    expect(passwordSchema.safeParse('pass\udc00word').success).toBe(false);
    expect(passwordChangeBodySchema.safeParse({ old_password: 'whatever1', new_password: 'pass\ud800word' }).success).toBe(false);
  });

  it('take any other text of 8 to 128 characters, emoji included', () => {
    expect(passwordSchema.parse('correct horse 🐎')).toBe('correct horse 🐎');
    expect(passwordSchema.safeParse('short').success).toBe(false);
  });
});

describe('two-factor login', () => {
  it('takes a recovery code in place of the TOTP code', () => {
    expect(twoFactorLoginBodySchema.parse({ ephemeral_token: 't', code: 'ABCDE-12345' }).code).toBe('abcde-12345');
    expect(twoFactorLoginBodySchema.safeParse({ ephemeral_token: 't', code: '12345' }).success).toBe(false);
  });
});
