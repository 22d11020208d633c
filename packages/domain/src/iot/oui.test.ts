import { describe, expect, it } from 'vitest';
import { isLocallyAdministered, lookupVendor, normaliseMac, parseOuiTable, VENDOR_UNKNOWN_LABELS } from './oui';

const table = parseOuiTable(
  [
    '4447CC\tHangzhou Hikvision Digital Technology Co.,Ltd.',
    '70B3D5\tIEEE Registration Authority',
    '70B3D5F2F\tTELEPLATFORMS',
    '741AE09\tPrivate',
    'junk line',
    '',
  ].join('\n'),
);

describe('MAC addresses', () => {
  it('reads the forms devices and switches write and gives one form back', () => {
    for (const text of ['44:47:CC:0A:0B:0C', '44-47-cc-0a-0b-0c', '4447.cc0a.0b0c', '4447CC0A0B0C', ' 44:47:cc:0a:0b:0c ']) {
      expect(normaliseMac(text)).toBe('44:47:cc:0a:0b:0c');
    }
    for (const text of ['44:47:cc:0a:0b', '44:47-cc:0a:0b:0c', '4447cc0a0b0g', '', '44:47:cc:0a:0b:0c:0d']) expect(normaliseMac(text)).toBeNull();
  });

  it("tells a phone's private address by bit 0x02 of its first octet", () => {
    expect(isLocallyAdministered('da:a1:19:00:00:01')).toBe(true);
    expect(isLocallyAdministered('44:47:cc:0a:0b:0c')).toBe(false);
  });
});

describe('the vendor of a MAC', () => {
  it('names the holder of the longest listed prefix', () => {
    expect(lookupVendor(table, '44:47:cc:0a:0b:0c')).toEqual({
      known: true,
      vendor: 'Hangzhou Hikvision Digital Technology Co.,Ltd.',
      prefix: '4447CC',
      registry: 'MA-L',
    });
    // A 36-bit block inside the IEEE's own 24-bit one.
    expect(lookupVendor(table, '70:b3:d5:f2:f0:01')).toMatchObject({ vendor: 'TELEPLATFORMS', prefix: '70B3D5F2F', registry: 'MA-S' });
    expect(lookupVendor(table, '70:b3:d5:11:10:01')).toMatchObject({ vendor: 'IEEE Registration Authority', registry: 'MA-L' });
  });

  it('names no vendor for a randomised, group, privately registered, unlisted or malformed address, and says why', () => {
    expect(lookupVendor(table, 'da:a1:19:00:00:01')).toEqual({ known: false, reason: 'randomised', mac: 'da:a1:19:00:00:01' });
    // Locally administered even when the rest would match a listed block.
    expect(lookupVendor(table, '46:47:cc:0a:0b:0c')).toMatchObject({ known: false, reason: 'randomised' });
    expect(lookupVendor(table, '01:00:5e:00:00:fb')).toMatchObject({ known: false, reason: 'multicast' });
    expect(lookupVendor(table, '74:1a:e0:91:00:01')).toMatchObject({ known: false, reason: 'private' });
    expect(lookupVendor(table, '00:11:22:33:44:55')).toMatchObject({ known: false, reason: 'unregistered' });
    expect(lookupVendor(table, 'not a mac')).toEqual({ known: false, reason: 'invalid', mac: null });
    expect(VENDOR_UNKNOWN_LABELS.randomised).toMatch(/vendor cannot be known/);
  });
});
