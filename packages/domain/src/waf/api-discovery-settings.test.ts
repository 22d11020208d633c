import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCOVERY_SETTINGS,
  apiDiscoverySettingsInputSchema,
  discoveryRows,
  isDiscovered,
  isExcludedPath,
  scaledEndpoint,
  type HostPathStatusCount,
} from './api-discovery-settings';

const at = new Date('2026-11-30T10:00:00Z');
const row = (host: string, path: string, applicationId: string | null = 'a'): HostPathStatusCount => ({
  applicationId,
  host,
  method: 'GET',
  path,
  status: 200,
  requests: 1,
  firstAt: at,
  lastAt: at,
});

describe('API discovery settings', () => {
  it('excludes a path by prefix, by a glob of its last segment, or by a glob of the whole path', () => {
    expect(isExcludedPath('/static/app.css', ['/static/'])).toBe(true);
    expect(isExcludedPath('/app/main.JS?v=3', ['*.js'])).toBe(true);
    expect(isExcludedPath('/api/js', ['*.js'])).toBe(false);
    expect(isExcludedPath('/assets/img/a/b.bin', ['/assets/**'])).toBe(true);
    expect(isExcludedPath('/api/users', DEFAULT_DISCOVERY_SETTINGS.exclusions)).toBe(false);
    expect(isExcludedPath('/favicon.ico', DEFAULT_DISCOVERY_SETTINGS.exclusions)).toBe(true);
  });

  it('discovers only the hosts and path prefixes named, nothing when off', () => {
    const settings = { ...DEFAULT_DISCOVERY_SETTINGS, hosts: ['api.shop.test', '*.eu.shop.test'], path_prefixes: ['/api/'] };
    expect(isDiscovered(settings, { host: 'api.shop.test:443', path: '/api/users' })).toBe(true);
    expect(isDiscovered(settings, { host: 'de.eu.shop.test', path: '/api/users' })).toBe(true);
    expect(isDiscovered(settings, { host: 'www.shop.test', path: '/api/users' })).toBe(false);
    expect(isDiscovered(settings, { host: 'api.shop.test', path: '/admin' })).toBe(false);
    expect(isDiscovered({ ...settings, enabled: false }, { host: 'api.shop.test', path: '/api/users' })).toBe(false);
  });

  it("reads each application's rows under its own settings, and drops the host", () => {
    const rows = [row('a.test', '/api/x'), row('a.test', '/main.js'), row('b.test', '/api/y', 'b'), row('c.test', '/z.css', null)];
    const settingsOf = (id: string | null) => (id === 'b' ? { ...DEFAULT_DISCOVERY_SETTINGS, enabled: false } : DEFAULT_DISCOVERY_SETTINGS);
    expect(discoveryRows(rows, settingsOf)).toEqual([{ applicationId: 'a', method: 'GET', path: '/api/x', status: 200, requests: 1, firstAt: at, lastAt: at }]);
  });

  it('scales the counts of a sample back to the whole and marks them as estimates', () => {
    const e = { requests: 3, errors: 1, statuses: [{ status: 200, requests: 2 }] };
    expect(scaledEndpoint(e, 25)).toEqual({ requests: 12, errors: 4, statuses: [{ status: 200, requests: 8 }], estimated: true });
    expect(scaledEndpoint(e, 100)).toEqual({ ...e, estimated: false });
  });

  it('refuses a path prefix or an exclusion that is not a path or a glob, and a sample outside 1–100 %', () => {
    const parsed = apiDiscoverySettingsInputSchema.safeParse({ enabled: true, path_prefixes: ['api'], exclusions: ['static dir'], sampling_percent: 0 });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['exclusions.0', 'path_prefixes.0', 'sampling_percent']);
    expect(apiDiscoverySettingsInputSchema.parse({ enabled: false })).toEqual({
      enabled: false,
      hosts: [],
      path_prefixes: [],
      exclusions: [],
      sampling_percent: 100,
    });
  });
});
