/**
 * Where the embedded server archives its WAL and keeps base backups, and the server flags that do the
 * archiving (docs/operations.md, "Backups and point-in-time recovery"; the backup and restore
 * themselves are platform/backup.ts).
 */
import { existsSync } from 'node:fs';
import { chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface BackupPaths {
  /** The WAL archive. */
  archive: string;
  /** One folder per base backup, named by its start time. */
  base: string;
}

export function backupPaths(backupDir: string): BackupPaths {
  return { archive: path.join(backupDir, 'wal-archive'), base: path.join(backupDir, 'base') };
}

/** A path PostgreSQL's shell commands get in single quotes. */
export function quotable(p: string): string {
  if (p.includes("'")) throw new Error(`a backup path may not contain a single quote: ${p}`);
  return p;
}

/**
 * The server flags that archive every finished WAL file (gzip: a segment closed early by
 * `archive_timeout` is mostly zeros, since new segments are zero-filled rather than recycled).
 */
export function archiveFlags(archiveDir: string, timeoutSeconds: number): string[] {
  const dir = quotable(archiveDir);
  return [
    '-c',
    'archive_mode=on',
    '-c',
    `archive_command=test ! -f '${dir}/%f.gz' && gzip -c '%p' > '${dir}/%f.gz.part' && mv '${dir}/%f.gz.part' '${dir}/%f.gz'`,
    '-c',
    `archive_timeout=${timeoutSeconds}`,
    '-c',
    'wal_recycle=off',
  ];
}

/** Makes `dir` and gives it to the owner of `like` (the data folder's, when run as root). */
export async function ensureOwnedDir(dir: string, like: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.getuid?.() === 0 && existsSync(like)) {
    const s = await stat(like);
    await chown(dir, s.uid, s.gid);
  }
}
