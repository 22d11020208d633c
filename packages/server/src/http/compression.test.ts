import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PATH, apiErrorSchema } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../test/build';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

const CATEGORIES = '/api/v1/tenant/config/global-categories/get/available-categories/';

/** What a client that accepts compressed answers receives, and what one that does not receives. */
describe('compressed answers', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await build('pglite');
    headers = bearer((await login(t.app, 'owner@acme.test')).access);
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('sends a large JSON answer gzip-compressed to a client that accepts gzip, and the same JSON', async () => {
    const plain = await get(CATEGORIES);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const gz = await get(CATEGORIES, 'gzip');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^application\/json/);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('prefers brotli when the client takes both, as browsers do', async () => {
    const br = await get(CATEGORIES, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual((await get(CATEGORIES)).json());
  });

  it('leaves small answers plain', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends /metrics compressed to a scraper that asks (Prometheus does)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('netloom_http_request_duration_seconds');
  });

  it('does not inflate a compressed request body: refused, not read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'owner@acme.test', password: 'netloom-demo' })),
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).detail).not.toBe('');
  });

  it('opens sockets as before for a client that offers compressed answers (browsers do, on the handshake too)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}${AGENT_PATH}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });
});
