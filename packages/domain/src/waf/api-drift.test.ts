import { describe, expect, it } from 'vitest';
import { discoverEndpoints } from './api-discovery';
import { acceptsParamType, apiDrift, driftOperation, reconcileDrift, type StoredDriftFinding } from './api-drift';
import type { DocumentedOperation } from './api-inventory';

const at = new Date('2026-11-30T10:00:00Z');
const seen = (...paths: string[]) =>
  discoverEndpoints(
    paths.map((p) => {
      const [method, path] = p.split(' ') as [string, string];
      return { applicationId: 'a', method, path, status: 200, requests: 1, firstAt: at, lastAt: at };
    }),
  );
const DOC: DocumentedOperation[] = [
  {
    method: 'GET',
    path: '/users/{userId}',
    params: [
      { name: 'expand', type: 'boolean', format: null },
      { name: 'since', type: 'string', format: 'date' },
    ],
  },
  { method: 'POST', path: '/orders', params: [] },
];
const show = (findings: { kind: string; method: string; path: string; param: string | null }[]) =>
  findings.map((f) => `${f.kind} ${f.method} ${f.path}${f.param ? ` ${f.param}` : ''}`);

describe('API drift between the traffic and the document', () => {
  it('finds shadow and zombie endpoints, undeclared parameters and values not of the declared type', () => {
    const current = seen('GET /users/1?expand=yes&debug=1', 'GET /users/2?since=2026-11-01', 'DELETE /debug/cache');
    const findings = apiDrift({ current, earlier: [], documented: DOC });
    expect(show(findings)).toEqual([
      'undeclared_param GET /users/{userId} debug',
      'type_mismatch GET /users/{userId} expand',
      'shadow DELETE /debug/cache',
      'zombie POST /orders',
    ]);
    expect(findings.find((f) => f.kind === 'type_mismatch')!.detail).toBe('Declared boolean; seen string');
  });

  it('says which endpoints went away (those the document declares are zombies instead), and compares nothing else without a document', () => {
    const earlier = seen('GET /users/1', 'GET /legacy/export', 'GET /health');
    const current = seen('GET /health');
    expect(show(apiDrift({ current, earlier, documented: null }))).toEqual(['gone GET /legacy/export', 'gone GET /users/{id}']);
    expect(show(apiDrift({ current, earlier, documented: DOC }))).toEqual([
      'shadow GET /health',
      'zombie GET /users/{userId}',
      'zombie POST /orders',
      'gone GET /legacy/export',
    ]);
  });

  it("reads parameters only where the document's were read", () => {
    const current = seen('GET /users/1?anything=1');
    expect(apiDrift({ current, earlier: [], documented: [{ method: 'GET', path: '/users/{userId}' }] })).toEqual([]);
  });

  it("reads a stored operation's query parameters from the zero-trust contract, none when some could not be named", () => {
    const query = [
      { name: 'id', value: { type: 'string', uuid: true } },
      { name: 'q', value: { type: 'any' } },
    ];
    expect(driftOperation({ method: 'GET', path: '/a', query })).toEqual({
      method: 'GET',
      path: '/a',
      params: [
        { name: 'id', type: 'string', format: 'uuid' },
        { name: 'q', type: null, format: null },
      ],
    });
    expect(driftOperation({ method: 'GET', path: '/a', query, query_open: true })).toEqual({ method: 'GET', path: '/a' });
    expect(driftOperation({ method: 'GET', path: '/a' })).toEqual({ method: 'GET', path: '/a' });
  });

  it('takes a query value of the declared type: numbers for a number, the format of a string', () => {
    expect(acceptsParamType({ type: 'number', format: null }, 'integer')).toBe(true);
    expect(acceptsParamType({ type: 'integer', format: null }, 'number')).toBe(false);
    expect(acceptsParamType({ type: 'string', format: null }, 'integer')).toBe(true);
    expect(acceptsParamType({ type: 'string', format: 'uuid' }, 'string')).toBe(false);
    expect(acceptsParamType({ type: 'array', format: null }, 'string')).toBe(true);
  });

  it('opens a finding once and resolves it with why: declared now, traffic came back, not seen any more', () => {
    const open: StoredDriftFinding[] = [
      { id: '1', kind: 'shadow', method: 'DELETE', path: '/debug/cache', param: null, detail: '' },
      { id: '2', kind: 'zombie', method: 'POST', path: '/orders', param: null, detail: '' },
      { id: '3', kind: 'undeclared_param', method: 'GET', path: '/users/{userId}', param: 'debug', detail: '' },
      { id: '4', kind: 'gone', method: 'GET', path: '/legacy/export', param: null, detail: '' },
      { id: '5', kind: 'shadow', method: 'GET', path: '/old', param: null, detail: '' },
    ];
    const documented: DocumentedOperation[] = [...DOC, { method: 'DELETE', path: '/debug/{what}', params: [] }];
    const current = seen('POST /orders', 'GET /legacy/export', 'GET /users/1?expand=true', 'GET /new');
    const now = apiDrift({ current, earlier: [], documented });
    const { opened, resolved } = reconcileDrift(open, now, { current, documented });
    expect(show(opened)).toEqual(['shadow GET /legacy/export', 'shadow GET /new', 'zombie DELETE /debug/{what}']);
    expect(resolved).toEqual([
      { id: '1', resolution: 'The document now declares it' },
      { id: '2', resolution: 'Traffic came back' },
      { id: '3', resolution: 'Not seen in the window' },
      { id: '4', resolution: 'Traffic came back' },
      { id: '5', resolution: 'No traffic in the window' },
    ]);
    expect(reconcileDrift([{ ...open[0]!, id: '9' }], [{ ...open[0]!, detail: 'other words' }], { current, documented })).toEqual({ opened: [], resolved: [] });
  });
});
