import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern } from './sql-helpers';

const client = new PGlite();
const db = drizzle({ client });

beforeAll(async () => {
  await db.execute(sql`create table sample (id int primary key, name text)`);
  await db.execute(sql`insert into sample values (1, 'a_b'), (2, 'axb'), (3, '50%'), (4, '500'), (5, 'c\\d')`);
});
afterAll(() => client.close());

describe('likePattern', () => {
  const names = async (needle: string) =>
    (await db.execute<{ name: string }>(sql`select name from sample where name ilike ${likePattern(needle)} order by id`)).rows.map((r) => r.name);

  it('finds the text anywhere, its %, _ and backslash taken literally', async () => {
    expect(await names('_')).toEqual(['a_b']);
    expect(await names('0%')).toEqual(['50%']);
    expect(await names('c\\d')).toEqual(['c\\d']);
    expect(await names('X')).toEqual(['axb']);
    expect(await names('')).toHaveLength(5);
  });
});
