import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ConfigEnv, UserConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../../web/vite.config';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migratedPglite } from '../test/pglite-template';

const consoleBuild = async (mode: string): Promise<UserConfig> => {
  const env: ConfigEnv = { command: 'build', mode, isSsrBuild: false, isPreview: false };
  return typeof viteConfig === 'function' ? await viteConfig(env) : await viteConfig;
};

describe('source maps of the console', () => {
  it('are not emitted by a production build, only by a development one', async () => {
    expect((await consoleBuild('production')).build?.sourcemap ?? false).toBe(false);
    expect((await consoleBuild('development')).build?.sourcemap).toBe(true);
  });

  describe('served by the server', () => {
    let app: FastifyInstance;
    let database: Database;
    beforeAll(async () => {
      // A dist that still holds maps (an older build, or a development build copied over).
      const webDist = await mkdtemp(path.join(os.tmpdir(), 'netloom-web-'));
      await mkdir(path.join(webDist, 'assets'));
      await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Netloom</title>');
      await writeFile(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
      await writeFile(path.join(webDist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
      const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' }), webDist, database: await migratedPglite() };
      database = await openDatabase(config.database);
      app = await buildApp(config, { database });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('answers a .map path 404, neither the map nor the console page', async () => {
      const res = await app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret.ts');
      expect(res.body).not.toContain('<title>Netloom</title>');
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js.map' })).statusCode).toBe(404);
    });

    it('still serves the scripts and the console pages', async () => {
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
      const page = await app.inject({ method: 'GET', url: '/sdwan/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Netloom</title>');
    });
  });
});

describe('the component gallery in the built console', () => {
  const gallery = '<!doctype html><title>Netloom component gallery</title>';
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'netloom-web-'));
    await mkdir(path.join(webDist, 'dev', 'gallery'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Netloom</title>');
    await writeFile(path.join(webDist, 'dev', 'gallery', 'index.html'), gallery);
  });
  const serve = async (env: Record<string, string>) => {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', ...env }), webDist, database: await migratedPglite() };
    const database = await openDatabase(config.database);
    const app = await buildApp(config, { database });
    await app.ready();
    return { app, close: async () => (await app.close(), await database.close()) };
  };

  it('is not served unless CONSOLE_GALLERY asks for it: its address is a console page like any unknown one', async () => {
    const { app, close } = await serve({});
    try {
      for (const url of ['/dev/gallery/', '/dev/gallery/index.html', '/dev/gallery?section=table']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('component gallery');
      }
    } finally {
      await close();
    }
  });

  it('is served with CONSOLE_GALLERY=1, its address without the slash sent on to it with its query', async () => {
    const { app, close } = await serve({ CONSOLE_GALLERY: '1' });
    try {
      const page = await app.inject({ method: 'GET', url: '/dev/gallery/?section=table' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(gallery);
      const bare = await app.inject({ method: 'GET', url: '/dev/gallery?section=table' });
      expect(bare.statusCode).toBe(301);
      expect(bare.headers.location).toBe('/dev/gallery/?section=table');
    } finally {
      await close();
    }
  });
});
