/** The driver's own error (node-postgres and PGlite both set a SQLSTATE `code`), wrapped (drizzle's DrizzleQueryError) or not. */
function driverError(e: unknown): { code: string; constraint?: unknown; column?: unknown } | undefined {
  for (let x = e, depth = 0; x && typeof x === 'object' && depth < 4; x = (x as { cause?: unknown }).cause, depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return x as { code: string };
  }
  return undefined;
}

/** The SQLSTATE of a driver error, wrapped or not. */
const sqlState = (e: unknown): string | undefined => driverError(e)?.code;

/*
 * Data exceptions (22…: text the database cannot store, a number out of range) and integrity
 * violations (23…: a device deleted meanwhile) belong to one row. Anything else (a lost
 * connection, a database going down) would fail every smaller part as well: splitting then would
 * only multiply failing statements during an outage.
 */
const belongsToARow = (e: unknown): boolean => /^2[23]/.test(sqlState(e) ?? '');

/**
 * Writes `parts` in one statement per chunk; when the database refuses a chunk for something in
 * its data, the chunk is split in halves down to single parts, so only the part at fault fails
 * and every other part is written. Calls `stored` or `failed` once for each part.
 */
export async function writeIsolating<T>(
  parts: T[],
  write: (chunk: T[]) => Promise<void>,
  stored: (part: T) => void,
  failed: (part: T, err: unknown) => void,
): Promise<void> {
  if (parts.length === 0) return;
  try {
    await write(parts);
  } catch (err) {
    if (parts.length === 1 || !belongsToARow(err)) {
      for (const p of parts) failed(p, err);
      return;
    }
    const half = Math.ceil(parts.length / 2);
    await writeIsolating(parts.slice(0, half), write, stored, failed);
    await writeIsolating(parts.slice(half), write, stored, failed);
    return;
  }
  for (const p of parts) stored(p);
}

/**
 * What a failed write may tell a log or a caller: the SQLSTATE and the constraint or column named,
 * never the message (PostgreSQL quotes the refused value in some) nor the statement's values.
 */
export function writeFailure(err: unknown): { code: string | null; constraint?: string; column?: string } {
  const e = driverError(err);
  return {
    code: e?.code ?? null,
    ...(typeof e?.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e?.column === 'string' ? { column: e.column } : {}),
  };
}

/**
 * The error a caller waiting on a failed write gets: it carries nothing of the statement.
 * `unavailable`: the database could not be reached, so the same write may work later.
 */
export class NotStored extends Error {
  constructor(
    readonly failure: ReturnType<typeof writeFailure>,
    readonly unavailable = false,
  ) {
    super(`not stored (${unavailable ? 'database unavailable' : (failure.code ?? 'unknown')})`);
    this.name = 'NotStored';
  }
}
