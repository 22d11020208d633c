import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileAccess } from './compile';
import { decideAccess, type AccessView } from './evaluate';
import { uuid } from './test-fixtures';
import { policiesArb, requestArb, serversArb, viewArb } from './test-arbitraries';

describe('compileAccess', () => {
  it('decides exactly as decideAccess, request after request, on random views', () => {
    fc.assert(
      fc.property(viewArb, fc.array(requestArb, { minLength: 1, maxLength: 20 }), (v, requests) => {
        const compiled = compileAccess(v);
        for (const req of requests) expect(compiled.decide(req)).toEqual(decideAccess(v, req));
      }),
      { numRuns: 500 },
    );
  });

  it('decides as decideAccess with many policies, repeated ids and servers of the same id', () => {
    const view = fc.record({
      servers: fc.tuple(serversArb, serversArb).map(([a, b]) => [...a, ...b]),
      policies: fc.tuple(policiesArb(30), policiesArb(10)).map(([a, b]) => [...a, ...b]),
    });
    fc.assert(
      fc.property(view, fc.array(requestArb, { minLength: 1, maxLength: 20 }), (v: AccessView, requests) => {
        const compiled = compileAccess(v);
        for (const req of requests) expect(compiled.decide(req)).toEqual(decideAccess(v, req));
      }),
      { numRuns: 200 },
    );
  });

  it("a server's candidates are the enabled policies naming it or its site, in order", () => {
    fc.assert(
      fc.property(viewArb, (v) => {
        const compiled = compileAccess(v);
        for (const s of v.servers) {
          const expected = v.policies.filter((p) => p.enabled && (p.destinations.servers.includes(s.id) || p.destinations.sites.includes(s.site)));
          expect(compiled.candidates(s.id)).toEqual(expected);
        }
        expect(compiled.candidates(uuid(0x5999))).toEqual([]);
      }),
    );
  });
});
