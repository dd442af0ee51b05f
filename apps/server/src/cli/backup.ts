/**
 * Backups of the embedded PostgreSQL on demand (docs/operations.md, "Backups and point-in-time
 * recovery"; platform/backup.ts):
 *
 *   npm run backup                                    a base backup now (the server running or not)
 *   npm run restore                                   back to the latest point (stop Chok first)
 *   npm run restore -- --to "2026-12-06 10:15:00+07"  back to a moment
 *
 * With DATABASE_URL set the database is not ours to back up: use the external server's tools
 * (pgBackRest or WAL-G, docs/operations.md).
 */
import path from 'node:path';
import { restore, takeBaseBackup } from '../platform/backup.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/embedded-postgres.ts';

const USAGE = `usage: npm run backup
       npm run restore [-- --to "<time>" | --to latest]
`;

const log = (msg: string) => process.stderr.write(`[chok] ${msg}\n`);

async function main(args: string[]): Promise<void> {
  const config = loadConfig();
  const [command, ...rest] = args;
  if (config.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: back up that server with its own tools (pgBackRest or WAL-G; docs/operations.md)',
    );
  }
  const pgDir = path.join(config.dataDir, 'pg');
  if (command === 'backup' && rest.length === 0) {
    const db = await openDatabase(config, log, { attach: true });
    try {
      await takeBaseBackup({
        url: db.url,
        pgDir,
        backupDir: config.backupDir,
        keep: config.BACKUP_KEEP,
        log,
      });
    } finally {
      await db.stop();
    }
    return;
  }
  if (command === 'restore') {
    let to: Date | null = null;
    const at = rest.indexOf('--to');
    if (rest.length > 0) {
      const value = rest[at + 1];
      if (at !== 0 || rest.length !== 2 || value === undefined) throw new UsageError();
      if (value !== 'latest') {
        to = new Date(value);
        if (Number.isNaN(to.getTime())) throw new UsageError(`not a time: ${value}`);
      }
    }
    await restore({ pgDir, backupDir: config.backupDir, port: config.EMBEDDED_PG_PORT, to, log });
    return;
  }
  throw new UsageError();
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof UsageError) {
      if (err.message) log(err.message);
      process.stderr.write(USAGE);
      process.exit(2);
    }
    log(`failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
