import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { BackupError, backupEmbedded, backupFileName } from '../src/db/backup';

// npm run backup [-- --out FILE]: the embedded database to one file (the server stopped first), checked once written.
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
try {
  if (config.database.kind === 'postgres')
    throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump; npm run backup copies the embedded database.');
  // A server using the database holds its lock (db/data-dir-lock.ts), whatever port it listens on: the backup is refused then.
  const out = path.resolve(values.out ?? backupFileName());
  const { size, counts } = await backupEmbedded(config.database.dataDir!, out);
  console.log(
    `Backup Process Completed: ${out} (${(size / 1_048_576).toFixed(1)} MB; checked: it opens and holds ${counts.tenants} organisations, ${counts.users} users, ${counts.devices} devices)`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
