/**
 * The logger's serializer for `err`. A database error carries the statement's parameters
 * (drizzle's DrizzleQueryError has `query` and `params` and writes both into its message; PGlite
 * attaches `query`, `params` and `queryOptions`; PostgreSQL's `detail` quotes the row's values:
 * "Key (email)=(…) already exists"). Parameters are users' data, password hashes and tokens, so
 * such an error is logged with its code and names (constraint, table, column) only; every other
 * error as pino would, its causes serialized by the same rules.
 */

const MAX_DEPTH = 5;
/** Fields of a PostgreSQL error that name things, never values. */
const DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;
const CARRIES_STATEMENT = ['params', 'query', 'queryOptions'] as const;

type Serialized = Record<string, unknown>;

function isDatabaseError(err: Error): boolean {
  if (CARRIES_STATEMENT.some((k) => Object.hasOwn(err, k))) return true;
  const { code } = err as { code?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in err;
}

/**
 * What PostgreSQL says, without what it quotes of the data: a data exception (class 22) quotes the
 * offending input ('invalid input syntax for type uuid: "…"'); other classes quote only names.
 */
function databaseMessage(err: Error): string {
  const { code } = err as { code?: unknown };
  if (typeof code !== 'string') return 'Database statement failed (statement and parameters not logged)';
  if (code.startsWith('22')) return err.message.replace(/"[^"]*"|'[^']*'/g, '"…"');
  return err.message;
}

/** The stack's frames under a message of our choosing (the first lines of `stack` repeat the message). */
function framesUnder(err: Error, type: string, message: string): string | undefined {
  if (typeof err.stack !== 'string') return undefined;
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

function serialize(err: unknown, depth: number): unknown {
  if (!(err instanceof Error)) return err;
  const type = err.constructor?.name || err.name;
  const out: Serialized = { type };
  if (isDatabaseError(err)) {
    out.message = databaseMessage(err);
    out.stack = framesUnder(err, type, out.message as string);
    for (const k of DATABASE_FIELDS) {
      const v = (err as unknown as Record<string, unknown>)[k];
      if (typeof v === 'string') out[k] = v;
    }
  } else {
    out.message = err.message;
    out.stack = err.stack;
    for (const [k, v] of Object.entries(err)) {
      if (k === 'cause' || k === 'errors' || k in out) continue;
      // An error held in another field (a validation list, a wrapped result) follows the same rules.
      out[k] = v instanceof Error ? serialize(v, depth + 1) : v;
    }
  }
  if (depth < MAX_DEPTH) {
    if (err.cause !== undefined) out.cause = serialize(err.cause, depth + 1);
    if (err instanceof AggregateError) out.errors = err.errors.map((e: unknown) => serialize(e, depth + 1));
  }
  return out;
}

/** Shaped as Fastify's logger option types it (pino always hands an Error to `err`). */
export function errorLogSerializer(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out = serialize(err, 0) as Serialized;
  return { ...out, type: String(out.type), message: String(out.message), stack: String(out.stack ?? '') };
}
