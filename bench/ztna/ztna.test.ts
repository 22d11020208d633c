import { describe, expect, it } from 'vitest';
import { ztnaSectionSchema } from '@netloom/domain';
import { benchEdits } from './edits';
import { runDecisions } from './evaluation';
import { allSections, runEdit, runFull } from './recompute';
import { buildAccessRequests } from './requests';
import { buildZtnaTenant, FULL_SHAPE } from './tenant';

// bench:ztna's parts on a small tenant, so that its figures rest on a tenant, a stream and edits that do what they say.
const SMALL = { ...FULL_SHAPE, endpoints: 300, users: 250, groups: 40, servers: 120, sites: 6, policies: 60, securityGroups: 10 };
const built = buildZtnaTenant(SMALL);
const t = built.tenant;
const quiet = () => {};

describe('bench:ztna, small', () => {
  it('builds the same tenant from the same seed, of the shape asked, with sections the schema takes', () => {
    expect(buildZtnaTenant(SMALL).tenant.policies).toEqual(t.policies);
    expect([t.endpoints.size, t.servers.length, t.policies.length, t.securityGroups.length]).toEqual([300, 120, 60, 10]);
    const sections = allSections(t);
    for (const s of [...sections.values()].slice(0, 50)) expect(ztnaSectionSchema.safeParse(s).success).toBe(true);
    // Endpoints reach some servers, and not all of them.
    const reach = [...sections.values()].map((s) => s.servers.length);
    expect(Math.max(...reach)).toBeGreaterThan(0);
    expect(Math.min(...reach)).toBeLessThan(t.servers.length);
  });

  it('decides the stream alike compiled and plain, and the stream reaches allow, deny and posture', () => {
    const requests = buildAccessRequests(built, 3_000);
    const d = runDecisions({ servers: t.servers, policies: t.policies }, requests, 1, quiet);
    expect(d.disagree).toBe(0);
    expect(d.allowed).toBeGreaterThan(0);
    expect(d.allowed).toBeLessThan(requests.length);
    expect(Object.keys(d.byRule)).toEqual(expect.arrayContaining(['policy', 'posture', 'default', 'not_published']));
  });

  it('every edit touches every endpoint whose section it changes, and changes some', () => {
    const full = runFull(t, 1, quiet);
    const edits = benchEdits(built);
    expect(edits.map((e) => e.name)).toHaveLength(11);
    for (const edit of edits) {
      const r = runEdit(t, full.sections, edit, 1);
      expect(r.missed, edit.name).toBe(0);
      expect(r.changed, edit.name).toBeGreaterThan(0);
      expect(r.touched, edit.name).toBeGreaterThanOrEqual(r.changed);
    }
  });
});
