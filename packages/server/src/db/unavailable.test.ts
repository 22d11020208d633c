import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['both addresses of localhost refused', Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {})],
    ['a server shut down by its administrator', pgError('terminating connection due to administrator command', '57P01')],
    ['a server starting up', pgError('the database system is starting up', '57P03')],
    ['a connection exception', pgError('connection failure', '08006')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['pg: connection terminated', pgError('Connection terminated unexpectedly')],
    ['pg: connection timeout', pgError('Connection terminated due to connection timeout')],
    ['pg-pool: no free connection', pgError('timeout exceeded when trying to connect')],
    ['pg: query timeout', pgError('Query read timeout')],
    ['pg: broken client', pgError('Client has encountered a connection error and is not queryable')],
    ['PGlite closed', pgError('PGlite is closed')],
  ])('knows %s, bare and wrapped by drizzle', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint "x"', '23505')],
    ['a syntax error', pgError('syntax error at or near "selec"', '42601')],
    ['a statement cancelled by statement_timeout', pgError('canceling statement due to statement timeout', '57014')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
