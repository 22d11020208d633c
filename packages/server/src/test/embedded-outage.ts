import type { FastifyInstance } from 'fastify';

const STATEMENTS = ['query', 'exec', 'transaction'] as const;

/**
 * Makes the app's embedded database (PGlite) fail every statement as a closed one does, which the
 * app treats as an outage (503 with Retry-After), until the returned function restores it: an
 * outage that ends, on PGlite, without a PostgreSQL server and a proxy to cut.
 */
export function cutEmbeddedDatabase(app: FastifyInstance): () => void {
  if (app.database.kind !== 'pglite') throw new Error('cutEmbeddedDatabase needs the embedded database');
  const client = (app.database.db as unknown as { $client: Record<string, unknown> }).$client;
  const closed = async () => {
    throw new Error('PGlite is closed');
  };
  // Own properties shadow the client's methods; deleting them brings the methods back.
  for (const name of STATEMENTS) client[name] = closed;
  return () => {
    for (const name of STATEMENTS) delete client[name];
  };
}
