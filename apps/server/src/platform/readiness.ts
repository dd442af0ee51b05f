/**
 * Readiness (docs/operations.md, "Health and readiness"): whether this process should get traffic —
 * the database answers, every migration file of this release is applied, and the job runner runs
 * where this process runs jobs. `/api/health` is the liveness probe and asks none of this.
 */
import { CompiledQuery } from 'kysely';
import type { Db } from './db.ts';
import type { Jobs } from './jobs.ts';
import { migrationFiles } from './migrate.ts';

export interface ReadyChecks {
  database: boolean;
  migrations: boolean;
  jobs: boolean;
}

/** How long the database may take to answer a readiness probe before it counts as away. */
const DATABASE_PROBE_MS = 2000;

export function createReadiness(
  db: Db,
  jobs: Jobs,
  opts: { migrationsDir?: string } = {},
): () => Promise<ReadyChecks> {
  let files: Promise<string[]> | null = null;
  // Applied migrations are never taken back: once all of this release's are there, that holds.
  let migrated = false;
  const withTimeout = <T>(p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('database probe timed out')), DATABASE_PROBE_MS).unref(),
      ),
    ]);
  return async () => {
    let database = false;
    let applied: Set<string> | null = null;
    try {
      if (migrated) await withTimeout(db.executeQuery(CompiledQuery.raw('SELECT 1')));
      else
        applied = new Set(
          (
            await withTimeout(
              db.executeQuery<{ name: string }>(CompiledQuery.raw('SELECT name FROM schema_migration')),
            )
          ).rows.map((r) => r.name),
        );
      database = true;
    } catch {
      // The database did not answer in time: not ready.
    }
    if (applied) {
      files ??= migrationFiles(opts.migrationsDir);
      const wanted = await files.catch(() => null);
      migrated = wanted?.every((f) => applied.has(f)) ?? false;
    }
    return { database, migrations: migrated, jobs: !jobs.enabled || jobs.running() };
  };
}
