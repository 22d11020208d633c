import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from './errors';

const client = new PGlite();
const db = drizzle({ client });
const failure = (statement: ReturnType<typeof sql>) =>
  db.execute(statement).then(
    () => null,
    (e: unknown) => e,
  );

beforeAll(async () => {
  await db.execute(sql`create table parent (id int primary key, name text unique)`);
  await db.execute(sql`create table child (id int primary key, parent_id int references parent (id))`);
  await db.execute(sql`insert into parent values (1, 'a_b'), (2, 'axb')`);
});
afterAll(() => client.close());

describe('constraint violations through drizzle', () => {
  it('tells a unique violation from a foreign-key violation and from any other failure', async () => {
    const unique = await failure(sql`insert into parent values (9, 'axb')`);
    const foreign = await failure(sql`insert into child values (1, 42)`);
    const other = await failure(sql`insert into parent values (1, 'x')`);
    const syntax = await failure(sql`select from nowhere`);
    expect([unique, foreign, other, syntax].map(isUniqueViolation)).toEqual([true, false, true, false]);
    expect([unique, foreign, other, syntax].map(isForeignKeyViolation)).toEqual([false, true, false, false]);
    expect([null, undefined, 'x', new Error('23505')].some((e) => isUniqueViolation(e) || isForeignKeyViolation(e))).toBe(false);
  });
});
