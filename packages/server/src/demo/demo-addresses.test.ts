import { describe, expect, it } from 'vitest';
import { ACCESS_BLOCKS, PLACES, endpointProfile, mulberry32, seedFrom } from '@netloom/simulator';
import { openCountryLookup } from '../modules/traffic/index';

describe("the demo fleet's endpoint addresses", () => {
  it('are placed by the shipped GeoIP data in the country of the endpoint’s city, so a country condition can match', async () => {
    const geo = await openCountryLookup();
    for (const place of PLACES) expect(ACCESS_BLOCKS[place.country], place.country).toBeDefined();
    for (let i = 0; i < 300; i++) {
      const e = endpointProfile(mulberry32(seedFrom('demo-addresses', i)), i, 'acme.test');
      expect(geo.country(e.publicIp), `${e.publicIp} (${e.place.city})`).toBe(ACCESS_BLOCKS[e.place.country]!.code);
    }
  });

  it('come from blocks the GeoIP data places whole in their country', async () => {
    const geo = await openCountryLookup();
    for (const { code, blocks } of Object.values(ACCESS_BLOCKS))
      for (const block of blocks)
        for (const host of ['0.1', '63.200', '128.1', '191.77', '255.254']) expect(geo.country(`${block}.${host}`), `${block}.${host}`).toBe(code);
  });
});
