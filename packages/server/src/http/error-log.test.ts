import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { errorLogSerializer } from './error-log';

/** A PostgreSQL error as node-postgres and PGlite raise it: the row's values in `detail`, the input in a data exception's message. */
function pgError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('the logger’s err serializer', () => {
  const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';

  it('logs a failed statement with its code and names, never its parameters or the values PostgreSQL quotes', () => {
    const cause = pgError('duplicate key value violates unique constraint "users_email_key"', {
      code: '23505',
      detail: 'Key (email)=(ceo@victim.test) already exists.',
      constraint: 'users_email_key',
      table: 'users',
      query: 'insert …',
      params: ['ceo@victim.test', secret],
    });
    const err = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['ceo@victim.test', secret], cause);
    const line = JSON.stringify(errorLogSerializer(err));
    expect(line).not.toContain(secret);
    expect(line).not.toContain('ceo@victim.test');
    expect(errorLogSerializer(err)).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505', constraint: 'users_email_key', table: 'users' } });
  });

  it('keeps a data exception’s wording without the offending input', () => {
    const err = pgError('invalid input syntax for type uuid: "secret-token-1"', { code: '22P02' });
    expect(JSON.stringify(errorLogSerializer(err))).not.toContain('secret-token-1');
    expect(errorLogSerializer(err).message).toBe('invalid input syntax for type uuid: "…"');
  });

  it('serializes other errors as pino would, following causes by the same rules', () => {
    const inner = pgError('boom', { code: '57014', params: [secret] });
    const err = Object.assign(new Error('job failed', { cause: inner }), { jobId: 'j-1' });
    const out = errorLogSerializer(err);
    expect(out).toMatchObject({ type: 'Error', message: 'job failed', jobId: 'j-1', cause: { code: '57014', message: 'boom' } });
    expect(out.stack).toContain('job failed');
    expect(JSON.stringify(out)).not.toContain(secret);
  });
});
