/**
 * Whether an error means the database cannot be reached right now (an outage, a restart, a
 * failover, a full pool), as opposed to a fault of the statement or of the data. The first kind
 * is answered 503 with Retry-After: the same call will work once the database is back.
 */

// Socket-level failures of node-postgres (Node's own error codes).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception) and the shutdown and
 * start-up states of class 57, plus too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

// node-postgres, pg-pool and PGlite say these in words only, without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // pg: "…unexpectedly", "…due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no free connection within connectionTimeoutMillis
  /^Query read timeout$/, // pg: query_timeout
  /is not queryable$/, // pg: a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/, // shutting down
  /^PGlite is clos(ed|ing)$/,
];

function isUnavailableItself(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code);
  }
  return UNAVAILABLE_MESSAGES.some((m) => m.test(e.message));
}

/** Follows `cause` (drizzle wraps the driver's error in DrizzleQueryError) and aggregate errors. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  if (isUnavailableItself(error)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/**
 * The driver's own words for the outage, for the log: never the wrapping query error, whose
 * message carries the statement and its parameters.
 */
export function unavailableReason(error: unknown, depth = 0): string {
  if (depth > 5 || !(error instanceof Error)) return 'unknown';
  if (isUnavailableItself(error)) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  if (error instanceof AggregateError) {
    const inner = error.errors.find((e) => isDatabaseUnavailable(e, depth + 1));
    if (inner) return unavailableReason(inner, depth + 1);
  }
  return unavailableReason(error.cause, depth + 1);
}
