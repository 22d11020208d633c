import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isBusinessEmail, isEmail } from './email';

describe('e-mail rules', () => {
  it('accepts ordinary addresses and refuses broken ones', () => {
    expect(isEmail('ops.team+wan@acme-corp.io')).toBe(true);
    for (const bad of ['plain', '@acme.io', 'a@b', 'a@b.c', 'a@acme.i0', 'a..b@acme.io', 'a b@acme.io']) expect(isEmail(bad)).toBe(false);
  });

  it('wants a business address of 6 to 30 characters at sign-up', () => {
    expect(isBusinessEmail('ceo@initech.test')).toBe(true);
    expect(isBusinessEmail('a@b.io')).toBe(true);
    expect(isBusinessEmail('a@b.i')).toBe(false);
    expect(isBusinessEmail(`${'x'.repeat(20)}@initech.test`)).toBe(false);
  });

  it('refuses the free mail providers whatever the letter case or country domain', () => {
    for (const provider of ['gmail.com', 'Yahoo.co.uk', 'hotmail.fr', 'aol.com', 'outlook.de']) {
      expect(isBusinessEmail(`jane@${provider}`)).toBe(false);
    }
  });

  it('never calls an address without an @ valid', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (s) => {
          expect(isEmail(s)).toBe(false);
        },
      ),
    );
  });
});
