import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesResponseSchema } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../test/build';

describe('location search', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await build('pglite');
    token = (await login(t.app, 'viewer@acme.test')).access;
  });
  afterAll(() => t.close());

  const search = (q: string, limit?: number) =>
    t.app.inject({ method: 'GET', url: '/api/v1/geo/places/', query: { q, ...(limit ? { limit: String(limit) } : {}) }, headers: bearer(token) });

  it('finds the best-known place of a name first, with an address and coordinates', async () => {
    const res = await search('chennai');
    expect(res.statusCode).toBe(200);
    const [first] = placesResponseSchema.parse(res.json()).results;
    expect(first).toMatchObject({ name: 'Chennai', formatted_address: 'Chennai, India', country: 'India' });
    expect(first!.geometry.lat).toBeCloseTo(13.08, 1);
    expect(first!.geometry.lng).toBeCloseTo(80.27, 1);
  });

  it('ignores accents and case, and keeps to the limit', async () => {
    const res = placesResponseSchema.parse((await search('SAO PAULO', 3)).json());
    expect(res.results[0]?.name).toBe('São Paulo');
    expect(res.results.length).toBeLessThanOrEqual(3);
  });

  it('answers nothing for gibberish, and refuses a one-letter query or no login', async () => {
    expect(placesResponseSchema.parse((await search('qqxxzzqq')).json()).results).toEqual([]);
    const short = await search('a');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.q).toEqual(['Type at least 2 characters']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/geo/places/?q=paris' })).statusCode).toBe(401);
  });
});
