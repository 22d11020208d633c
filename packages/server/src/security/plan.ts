import { mulberry32, seedFrom, type Random } from '@netloom/simulator';
import { MUTATIONS, type Mutation, type Variant } from './generate';
import type { Operation } from './openapi';
import type { Principal } from './world/types';

/**
 * The suite's budget: a fixed number of generated requests per backend, whatever the number of
 * routes. Every operation × principal pair, every operation's valid call, a variant of every
 * operation and every class of variant are always sent (the floor); the rest of the budget is a
 * sample of all the other calls a full run would send, drawn with a seed the run prints, so a
 * failing run can be replayed exactly with SECURITY_SEED.
 */
const DEFAULT_BUDGET = 4000;
const DEFAULT_VALID_PER_OPERATION = 4;

export interface Settings {
  seed: number;
  /** Requests per backend: probes, valid calls and variants (follow-up comparisons come on top). */
  budget: number;
  /** Requests drawn from each operation's schemas by the property-based pass (on top of the budget). */
  validPerOperation: number;
}

function integerFrom(name: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}, not "${text}"`);
  return value;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  return {
    seed: integerFrom('SECURITY_SEED', env.SECURITY_SEED, 0xffffffff) ?? Math.floor(Math.random() * 0x100000000),
    budget: integerFrom('SECURITY_BUDGET', env.SECURITY_BUDGET, Number.MAX_SAFE_INTEGER) ?? DEFAULT_BUDGET,
    validPerOperation: integerFrom('SECURITY_VALID_PER_OPERATION', env.SECURITY_VALID_PER_OPERATION, 1000) ?? DEFAULT_VALID_PER_OPERATION,
  };
}

/** How many variants of an operation to send, and the classes among them that the plan counts on for coverage. */
export interface FuzzQuota {
  count: number;
  mutations: Mutation[];
}

interface PlanFigures {
  /** Requests a run without a budget would send. */
  fullRun: number;
  /** Requests the coverage guarantees alone take. */
  floor: number;
  planned: number;
  pairs: number;
  variants: { planned: number; fullRun: number };
  shapes: { planned: number; fullRun: number };
}

export interface Plan extends Settings {
  /** Operation → principal → the indexes of the request shapes to send. */
  shapes: Map<string, Map<string, Set<number>>>;
  fuzz: Map<string, FuzzQuota>;
  figures: PlanFigures;
}

export interface Pools {
  /** How many request shapes a full run sends for an operation and a principal. */
  shapeCount(op: Operation, who: Principal): number;
  /** The classes of the variants a full run sends for an operation, one per variant. */
  variantsOf(op: Operation): Mutation[];
}

const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)]!;

/** A uniformly random order (Fisher–Yates), from the seeded stream. */
function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

type Extra = { kind: 'shape'; op: string; who: string; index: number } | { kind: 'variant'; op: string; mutation: Mutation };

export function planRun(ops: Operation[], principals: Principal[], pools: Pools, settings: Settings): Plan {
  const random = mulberry32(settings.seed);
  const shapes = new Map<string, Map<string, Set<number>>>();
  const fuzz = new Map<string, FuzzQuota>();
  const extras: Extra[] = [];
  let fullShapes = 0;

  // Every operation × principal once, by one of its shapes.
  for (const op of ops) {
    const byPrincipal = new Map<string, Set<number>>();
    shapes.set(op.key, byPrincipal);
    for (const who of principals) {
      const count = pools.shapeCount(op, who);
      fullShapes += count;
      const first = Math.floor(random() * count);
      byPrincipal.set(who.name, new Set([first]));
      for (let index = 0; index < count; index++) if (index !== first) extras.push({ kind: 'shape', op: op.key, who: who.name, index });
    }
  }

  // Every class of variant once, in an operation that has one; then a variant of every operation not chosen yet.
  const left = new Map(ops.map((op) => [op.key, pools.variantsOf(op)]));
  const fullVariants = [...left.values()].reduce((n, v) => n + v.length, 0);
  const take = (op: string, mutation: Mutation, required: boolean) => {
    const quota = fuzz.get(op) ?? { count: 0, mutations: [] };
    quota.count++;
    if (required) quota.mutations.push(mutation);
    fuzz.set(op, quota);
    const rest = left.get(op)!;
    rest.splice(rest.indexOf(mutation), 1);
  };
  for (const mutation of MUTATIONS) {
    const holders = ops.filter((op) => left.get(op.key)!.includes(mutation));
    if (holders.length) take(pick(holders, random).key, mutation, true);
  }
  for (const op of ops) {
    const rest = left.get(op.key)!;
    if (!fuzz.has(op.key) && rest.length) take(op.key, pick(rest, random), false);
  }
  for (const [op, rest] of left) for (const mutation of rest) extras.push({ kind: 'variant', op, mutation });

  const chosenVariants = () => [...fuzz.values()].reduce((n, q) => n + q.count, 0);
  const floor = ops.length * principals.length + ops.length + chosenVariants();
  // The rest of the budget: every other call of a full run equally likely.
  for (const extra of shuffled(extras, random).slice(0, Math.max(0, settings.budget - floor))) {
    if (extra.kind === 'shape') shapes.get(extra.op)!.get(extra.who)!.add(extra.index);
    else take(extra.op, extra.mutation, false);
  }
  const plannedShapes = [...shapes.values()].flatMap((m) => [...m.values()]).reduce((n, s) => n + s.size, 0);
  return {
    ...settings,
    shapes,
    fuzz,
    figures: {
      fullRun: fullShapes + ops.length + fullVariants,
      floor,
      planned: plannedShapes + ops.length + chosenVariants(),
      pairs: ops.length * principals.length,
      variants: { planned: chosenVariants(), fullRun: fullVariants },
      shapes: { planned: plannedShapes, fullRun: fullShapes },
    },
  };
}

/**
 * The variants of an operation to send, from those its valid call actually has (the plan counted
 * them on a stand-in call): one of each class the plan counts on, then others up to its quota.
 * Chosen from a stream of the run's seed and the operation, so a replay sends the same ones.
 */
export function variantsToSend(op: Operation, variants: Variant[], quota: FuzzQuota | undefined, seed: number): Variant[] {
  if (!quota) return [];
  const random = mulberry32(seedFrom(seed, op.key));
  const chosen = new Set<Variant>();
  for (const mutation of quota.mutations) {
    const ofClass = variants.filter((v) => v.mutation === mutation && !chosen.has(v));
    if (ofClass.length) chosen.add(pick(ofClass, random));
  }
  for (const v of shuffled(
    variants.filter((v) => !chosen.has(v)),
    random,
  ).slice(0, Math.max(0, quota.count - chosen.size)))
    chosen.add(v);
  // In the order they were given (invalid ones first).
  return variants.filter((v) => chosen.has(v));
}
