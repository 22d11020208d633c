import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migratedPglite } from '../test/pglite-template';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

describe('caching and compression of the console files', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    // A console build as vite.config.ts writes it: hashed assets with gzip copies, the service worker, version.json.
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'netloom-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Netloom</title>');
    await writeFile(path.join(webDist, 'sw.js'), 'self.skipWaiting();');
    await writeFile(path.join(webDist, 'workbox-1a2b3c.js'), 'self.workbox = {};');
    await writeFile(path.join(webDist, 'version.json'), '{"hash":"abc"}');
    await writeFile(path.join(webDist, 'assets', 'index-abc.js'), SCRIPT);
    await writeFile(path.join(webDist, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' }), webDist, database: await migratedPglite() };
    database = await openDatabase(config.database);
    app = await buildApp(config, { database });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(['/sw.js', '/workbox-1a2b3c.js', '/version.json', '/index.html', '/sdwan/dashboard'])('has %s revalidated on every load', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('lets browsers keep a hashed asset for good', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip copy to a browser that accepts gzip, the file itself otherwise', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps the API out of it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/tenant/data/health/' });
    expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
  });
});
