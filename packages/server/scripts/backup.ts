import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { BackupError, backupEmbedded, backupFileName } from '../src/db/backup';

// npm run backup [-- --out FILE]: the embedded database to one file (the server stopped first).
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
try {
  if (config.database.kind === 'postgres')
    throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump; npm run backup copies the embedded database.');
  const running = await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (running) throw new BackupError(`A server answers on port ${config.port}: stop it first (the embedded database has one user at a time).`);
  const out = path.resolve(values.out ?? backupFileName());
  const size = await backupEmbedded(config.database.dataDir!, out);
  console.log(`Backup Process Completed: ${out} (${(size / 1_048_576).toFixed(1)} MB)`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
