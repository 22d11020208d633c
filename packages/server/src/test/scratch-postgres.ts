import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server of `adminUrl`, for one test file or one benchmark
 * run; `drop` removes it again, even with connections still open.
 */
export async function scratchPostgres(adminUrl: string, prefix = 'netloom_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
