import { describe, expect, it } from 'vitest';
import { installSealKeys, openSecrets, openText, sealSecrets, sealText } from './sealed-secrets';

const KEY_A = 'a'.repeat(32);
const KEY_B = 'b'.repeat(32);

describe('configuration secrets sealed at rest', () => {
  it('seals only the secret fields, each time differently, and opens them back', () => {
    installSealKeys(KEY_A);
    const doc = {
      bgp: { router_id: '10.0.0.1', neighbours: [{ address: '10.0.0.2', password: 'p@ss', remote_as: 65001 }] },
      wireless: { ssids: [{ passphrase: '' }] },
    };
    const sealed = sealSecrets(doc);
    expect(sealed.bgp.router_id).toBe('10.0.0.1');
    expect(sealed.bgp.neighbours[0]!.remote_as).toBe(65001);
    expect(sealed.bgp.neighbours[0]!.password).toMatch(/^sealed:v1:[0-9a-f]{8}:/);
    expect(sealed.wireless.ssids[0]!.passphrase).toBe('');
    expect(sealSecrets(doc).bgp.neighbours[0]!.password).not.toBe(sealed.bgp.neighbours[0]!.password);
    expect(openSecrets(sealed)).toEqual(doc);
  });

  it('opens what an earlier key sealed once that key is listed as previous, and a value kept in clear before sealing as it is', () => {
    installSealKeys(KEY_A);
    const old = sealText('kept-under-a');
    installSealKeys(KEY_B, [KEY_A]);
    expect(openText(old)).toBe('kept-under-a');
    expect(sealText('new').split(':')[2]).not.toBe(old.split(':')[2]);
    expect(openText('typed-before-sealing')).toBe('typed-before-sealing');
  });

  it('refuses a sealed value that was changed', () => {
    installSealKeys(KEY_A);
    const sealed = sealText('integrity');
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => openText(flipped)).toThrow();
  });
});
