import { describe, expect, it } from 'vitest';
import { MUTATIONS, type Mutation, type Variant } from './generate';
import type { Operation } from './openapi';
import { planRun, settingsFromEnv, variantsToSend, type Plan, type Pools } from './plan';
import type { Principal } from './world/types';

const op = (i: number): Operation => ({
  key: `GET /op${i}/`,
  method: 'GET',
  path: `/op${i}/`,
  summary: '',
  secured: true,
  params: [],
  body: null,
  roles: null,
  personalData: false,
});
const ops = Array.from({ length: 40 }, (_, i) => op(i));
const principals: Principal[] = ['owner', 'viewer', 'no token'].map((name) => ({ name, token: null, isSuperAdmin: false, authentic: true, home: 'attacker' }));
// Operations with one to three shapes and a few variants each; only the last operation has a 'missing' one.
const pools: Pools = {
  shapeCount: (o, who) => 1 + ((Number(o.path.match(/\d+/)![0]) + who.name.length) % 3),
  variantsOf: (o) => {
    const i = Number(o.path.match(/\d+/)![0]);
    const classes: Mutation[] = ['extra', 'nul', 'string', ...(i % 2 ? (['number', 'object', 'array', 'null', 'surrogate', '1mb'] as const) : [])];
    return i === ops.length - 1 ? [...classes, 'missing'] : classes;
  },
};

const shapesOf = (plan: Plan) => [...plan.shapes.values()].flatMap((byWho) => [...byWho.values()]);

describe('the security suite’s plan', () => {
  it('covers every operation × principal, every operation and every class of variant, within the budget', () => {
    const plan = planRun(ops, principals, pools, { seed: 7, budget: 400, validPerOperation: 4 });
    expect(shapesOf(plan).filter((s) => s.size === 0)).toEqual([]);
    expect(shapesOf(plan)).toHaveLength(ops.length * principals.length);
    expect(ops.filter((o) => !plan.fuzz.get(o.key)?.count)).toEqual([]);
    expect(MUTATIONS.filter((m) => ![...plan.fuzz.values()].some((q) => q.mutations.includes(m)))).toEqual([]);
    expect(plan.figures.planned).toBe(400);
    expect(shapesOf(plan).reduce((n, s) => n + s.size, 0) + ops.length + plan.figures.variants.planned).toBe(400);
  });

  it('sends the floor when the budget is smaller, and everything when it is larger than a full run', () => {
    const floor = planRun(ops, principals, pools, { seed: 7, budget: 0, validPerOperation: 4 });
    expect(floor.figures.planned).toBe(floor.figures.floor);
    expect(floor.figures.floor).toBe(ops.length * principals.length + ops.length + floor.figures.variants.planned);
    const all = planRun(ops, principals, pools, { seed: 7, budget: 1_000_000, validPerOperation: 4 });
    expect(all.figures.planned).toBe(all.figures.fullRun);
  });

  it('draws the same sample from the same seed, and another from another seed', () => {
    const picture = (plan: Plan) => JSON.stringify([shapesOf(plan).map((s) => [...s]), [...plan.fuzz]]);
    const settings = { seed: 12345, budget: 300, validPerOperation: 4 };
    expect(picture(planRun(ops, principals, pools, settings))).toBe(picture(planRun(ops, principals, pools, settings)));
    expect(picture(planRun(ops, principals, pools, { ...settings, seed: 54321 }))).not.toBe(picture(planRun(ops, principals, pools, settings)));
  });

  it('picks an operation’s variants by its quota, with the classes the plan counts on, in their given order', () => {
    const variants: Variant[] = (['nul', 'nul', 'string', 'missing', 'extra'] as const).map((mutation, i) => ({
      label: `v${i} ${mutation}`,
      mutation,
      make: (c) => c,
      invalid: true,
    }));
    const sent = variantsToSend(ops[0]!, variants, { count: 2, mutations: ['missing'] }, 99);
    expect(sent).toHaveLength(2);
    expect(sent.map((v) => v.mutation)).toContain('missing');
    expect(sent).toEqual(variants.filter((v) => sent.includes(v)));
    expect(variantsToSend(ops[0]!, variants, { count: 2, mutations: ['missing'] }, 99)).toEqual(sent);
    expect(variantsToSend(ops[0]!, variants, undefined, 99)).toEqual([]);
  });

  it('takes its seed and budget from the environment, and refuses what is not a whole number', () => {
    expect(settingsFromEnv({ SECURITY_SEED: '42', SECURITY_BUDGET: '1500' })).toEqual({ seed: 42, budget: 1500, validPerOperation: 4 });
    expect(settingsFromEnv({}).seed).toBeGreaterThanOrEqual(0);
    expect(() => settingsFromEnv({ SECURITY_SEED: 'abc' })).toThrow(/SECURITY_SEED/);
    expect(() => settingsFromEnv({ SECURITY_BUDGET: '-1' })).toThrow(/SECURITY_BUDGET/);
  });
});
