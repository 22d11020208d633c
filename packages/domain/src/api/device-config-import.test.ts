import { describe, expect, it } from 'vitest';
import { parseImportedSections } from './device-config';
import { interfaces, uuid } from '../config/families/test-fixtures';

/** The sections the products' providers make, as the server names them. */
const serverMade = ['web_filter', 'ztna', 'ztna_connector', 'nac'];
const route = { id: uuid(1), name: 'to-dc', destination: '10.1.0.0/16', gateway: '192.168.1.254' };

describe('an imported configuration document', () => {
  it('keeps its families, parsed by their schemas (defaults filled in)', () => {
    const r = parseImportedSections({ interfaces, static_routes: [route] }, serverMade);
    expect(r).toMatchObject({ ok: true, own: { interfaces: { lan: interfaces.lan }, static_routes: [{ ...route, metric: 0, enabled: true }] } });
  });

  it('names each bad field at its path within the document', () => {
    const r = parseImportedSections(
      {
        static_routes: [
          { ...route, destination: '10.1.2.3/16' },
          { ...route, gateway: 'nope' },
        ],
      },
      serverMade,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path.join('.'))).toEqual(['static_routes.0.destination', 'static_routes.1.gateway']);
  });

  it('refuses a key that is no configuration family', () => {
    const r = parseImportedSections({ routes: [] }, serverMade);
    expect(r).toMatchObject({ ok: false, issues: [{ path: ['routes'], message: expect.stringContaining('Not a configuration family') }] });
  });

  it('leaves the server-made sections out: the tenant settings make them', () => {
    const r = parseImportedSections({ static_routes: [route], web_filter: { anything: true }, nac: [] }, serverMade);
    expect(r.ok && Object.keys(r.own)).toEqual(['static_routes']);
  });
});
