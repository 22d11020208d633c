import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { BackupError, restoreEmbedded } from '../src/db/backup';

// npm run restore -- FILE [--force]: the embedded database (DATA_DIR) becomes the one in FILE.
const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const config = loadConfig();
try {
  if (config.database.kind === 'postgres')
    throw new BackupError('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql; npm run restore fills the embedded database.');
  if (positionals.length !== 1) throw new BackupError('Usage: npm run restore -- <backup file> [--force]');
  const dataDir = config.database.dataDir!;
  const { users, keptAs } = await restoreEmbedded(path.resolve(positionals[0]!), dataDir, { force: values.force });
  if (keptAs) console.log(`The database that was in ${dataDir} is kept in ${keptAs}.`);
  console.log(`Restore Process Completed: ${dataDir} (${users} users). Start the server with npm run serve.`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
