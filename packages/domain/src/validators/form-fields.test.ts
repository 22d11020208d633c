import { describe, expect, it } from 'vitest';
import { ipField, portField, subnetField } from './form-fields';
import { CHIP_TYPES, textInputError } from './input-types';
import { isAllowedSpecialCharacterKey, isDigitsOnly, isLettersOnly, isName, isNumericKey } from './text';
import { isStrictEmail } from './email';

describe('form fields', () => {
  it('answers the spec error keys and lets empty values pass', () => {
    expect(ipField('')).toBeNull();
    expect(ipField('1.2.3')).toEqual({ ippattern: true });
    expect(subnetField(null)).toBeNull();
    expect(subnetField('10.0.0.0/33')).toEqual({ subpattern: true });
    expect(subnetField('10.0.0.0/0')).toBeNull();
  });

  it('checks ports and port ranges after trimming', () => {
    expect(portField('  ')).toBeNull();
    expect(portField(' 443 ')).toBeNull();
    expect(portField('70000')).toEqual({ incorrectPort: true });
    expect(portField('100:200')).toBeNull();
    expect(portField('200:100')).toEqual({ incorrectRange: true });
    expect(portField('1:2:3')).toEqual({ incorrectRange: true });
    expect(portField('1:70000')).toEqual({ incorrectRange: true });
  });
});

describe('input types', () => {
  it('words each text input error as the spec does', () => {
    expect(textInputError('ip', '1.2.3')).toBe("Should be in the format 'x.x.x.x'");
    expect(textInputError('subnet', '1.2.3.4')).toBe("Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32");
    expect(textInputError('ip-fqdn', 'nope')).toBe('Enter IP or Subnet or FQDN format');
    expect(textInputError('port', '0')).toBe('Port should be within 1-65535');
    expect(textInputError('ip', '', true)).toBe('Field is required');
    expect(textInputError('ip', '')).toBeNull();
  });

  it('gives every chip type a rule and a message', () => {
    expect(CHIP_TYPES.ip.message).toBe('Should be in the format x.x.x.x');
    expect(CHIP_TYPES.url.message).toBe('Enter correct URL');
    expect(CHIP_TYPES.email.message).toBe('Enter valid Email');
    expect(CHIP_TYPES['ip-range'].test('1.1.1.1-1.1.1.9')).toBe(true);
    expect(CHIP_TYPES.portRange.test('22')).toBe(true);
    expect(CHIP_TYPES.portRange.test('22:80')).toBe(true);
    expect(CHIP_TYPES['ip-port'].test('1.1.1.1:22')).toBe(true);
  });
});

describe('text rules', () => {
  it('wants a name to start with a letter and stay within 20 characters', () => {
    expect(isName('branch_01')).toBe(true);
    expect(isName('1branch')).toBe(false);
    expect(isName('a'.repeat(20))).toBe(true);
    expect(isName('a'.repeat(21))).toBe(false);
    expect(isName('with-dash')).toBe(false);
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isLettersOnly('abc1')).toBe(false);
  });

  it('filters keys as the numeric and special-character filters do', () => {
    expect(['7', 'Backspace', 'Delete', 'ArrowLeft'].every(isNumericKey)).toBe(true);
    expect(isNumericKey('e')).toBe(false);
    expect(['%', '&', '(', "'"].some(isAllowedSpecialCharacterKey)).toBe(false);
    expect(isAllowedSpecialCharacterKey('-')).toBe(true);
  });

  it('applies the strict e-mail rule', () => {
    expect(isStrictEmail('ops@acme.io')).toBe(true);
    expect(isStrictEmail('a@b.io')).toBe(true);
    expect(isStrictEmail('a@b.i')).toBe(false);
    for (const bad of [
      'first_last@acme.io',
      'first-last@acme.io',
      'a+b@acme.io',
      '.ops@acme.io',
      'ops.@acme.io',
      'o..ps@acme.io',
      `${'x'.repeat(35)}@acme.io`,
    ]) {
      expect(isStrictEmail(bad), bad).toBe(false);
    }
  });
});
