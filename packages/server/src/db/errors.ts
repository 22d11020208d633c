/**
 * Constraint violations a service turns into an answer (a name taken, a row gone meanwhile).
 * Drizzle wraps the driver's error in DrizzleQueryError, so the SQLSTATE is on the error or on
 * its cause.
 */
const hasSqlState = (e: unknown, state: string) =>
  [e, (e as { cause?: unknown } | null)?.cause].some((x) => x !== null && typeof x === 'object' && (x as { code?: unknown }).code === state);

/** unique_violation */
export const isUniqueViolation = (e: unknown) => hasSqlState(e, '23505');
/** foreign_key_violation */
export const isForeignKeyViolation = (e: unknown) => hasSqlState(e, '23503');
