import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantListSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../test/build';

describe.each(testBackends('pglite'))('pagination links on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await build(backend);
    token = (await login(t.app, 'super@demo.test')).access;
  });
  afterAll(() => t.close());

  it('builds next and previous from PUBLIC_URL, never from the Host header', async () => {
    const page = async (n: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/tenant/list/?page=${n}&page_size=1`,
        headers: { ...bearer(token), host: 'evil.example:666', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      return tenantListSchema.parse(res.json());
    };
    const first = await page(1);
    expect(first.next).toBe('http://console.test/api/v1/tenant/list/?page=2&page_size=1');
    const second = await page(2);
    expect(second.previous).toBe('http://console.test/api/v1/tenant/list/?page=1&page_size=1');
    expect(JSON.stringify([first, second])).not.toContain('evil');
  });
});
