import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { issues, uuid } from './test-fixtures';
import { WIFI_CHANNELS } from './wireless-bands';

const radios = { '2_4ghz': { enabled: true }, '5ghz': { enabled: true, channel: 36, width_mhz: 80 } };
const ssid = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  name: `office-${n}`,
  passphrase: 'correct horse',
  radios: ['2_4ghz', '5ghz'],
  ...over,
});

describe('Wireless family', () => {
  it('accepts radios and SSIDs of each kind of security, with defaults filled', () => {
    const wireless = {
      country: 'FR',
      radios,
      ssids: [
        ssid(1),
        ssid(2, { security: 'open', passphrase: undefined, radios: ['2_4ghz'] }),
        ssid(3, { security: 'wpa3-enterprise', passphrase: undefined, radius_server: '10.0.0.5', secret: 'radius-secret', vlan: 30 }),
      ],
    };
    expect(issues({ wireless })).toEqual([]);
    const parsed = configDocumentSchema.parse({ wireless }).wireless!;
    expect(parsed.radios['2_4ghz']).toEqual({ enabled: true, channel: 0, width_mhz: 20, tx_power_dbm: 20 });
    expect(parsed.ssids[0]).toMatchObject({ security: 'wpa2-personal', hidden: false, client_isolation: false, radius_port: 1812, enabled: true });
    expect(parsed.advanced).toEqual({ band_steering: false, fast_roaming: false, beacon_interval_ms: 100, dtim_period: 1 });
  });

  it('keeps channels and widths to what each band allows, and the country to a known code', () => {
    const wireless = {
      country: 'XX',
      radios: { '2_4ghz': { enabled: true, channel: 14, width_mhz: 80 }, '5ghz': { enabled: true, channel: 38 }, '6ghz': { channel: 233 } },
    };
    expect(issues({ wireless })).toEqual([
      'wireless.country: Not a country code',
      'wireless.radios.2_4ghz.channel: Not a channel of the 2.4 GHz band',
      'wireless.radios.2_4ghz.width_mhz: Too wide for the 2.4 GHz band',
      'wireless.radios.5ghz.channel: Not a channel of the 5 GHz band',
    ]);
  });

  it('flags a 5 GHz channel exactly when it is not one of the band', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (channel) => {
        const found = issues({ wireless: { country: 'DE', radios: { '5ghz': { enabled: true, channel } } } });
        expect(found.length === 0).toBe(WIFI_CHANNELS['5ghz'].includes(channel));
      }),
    );
  });

  it('needs a pass phrase of 8 to 63 characters for Personal, a RADIUS server and secret for Enterprise', () => {
    const at = (over: Record<string, unknown>) => issues({ wireless: { country: 'FR', radios, ssids: [ssid(1, over)] } });
    expect(at({ passphrase: undefined })).toEqual(['wireless.ssids.0.passphrase: Field is required']);
    expect(at({ passphrase: 'short' })).toEqual(['wireless.ssids.0.passphrase: 8 to 63 characters']);
    expect(at({ passphrase: 'x'.repeat(64) })).toEqual(['wireless.ssids.0.passphrase: 8 to 63 characters']);
    expect(at({ security: 'wpa2-enterprise' })).toEqual(['wireless.ssids.0.radius_server: Field is required', 'wireless.ssids.0.secret: Field is required']);
  });

  it('refuses an SSID name used twice or over 32 bytes, a VLAN out of range and a band without a radio on', () => {
    const wireless = {
      country: 'FR',
      radios,
      ssids: [ssid(1, { name: 'café-'.repeat(6) }), ssid(2, { name: 'office-3', vlan: 4095 }), ssid(3, { radios: ['6ghz'] })],
    };
    expect(issues({ wireless })).toEqual([
      'wireless.ssids.0.name: At most 32 bytes',
      'wireless.ssids.1.vlan: Too big: expected number to be <=4094',
      'wireless.ssids.2.name: SSID name already used',
      'wireless.ssids.2.radios.0: No radio on in this band',
    ]);
  });

  it('lets a template hold variables in its text fields', () => {
    const section = { country: 'FR', radios, ssids: [ssid(1, { name: '{{site}}-staff', passphrase: '{{wifi_key}}' })] };
    expect(checkTemplateSection('wireless', section)).toEqual([]);
  });
});
