import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export type PrizeKind = 'none' | 'points' | 'free_credit';

export interface VersionRow {
  version: number;
  free_spins_per_day: number;
  points_per_extra_spin: number;
  extra_spins_per_day: number;
  created_at: Date;
  created_by: number | null;
}

export interface PrizeRow {
  version: number;
  prize_index: number;
  label: string;
  kind: PrizeKind;
  /** Satang for free credit, whole points for points, 0 for none. */
  amount: number;
  weight: number;
}

const versionColumns = [
  'version',
  'free_spins_per_day',
  'points_per_extra_spin',
  'extra_spins_per_day',
  'created_at',
  'created_by',
] as const;
const prizeColumns = ['version', 'prize_index', 'label', 'kind', 'amount', 'weight'] as const;

/** The newest version (the one members spin); the migration seeds version 1. */
export async function latestVersion(ex: Executor): Promise<VersionRow> {
  return ex
    .selectFrom('wheel_version')
    .select(versionColumns)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

export async function allVersions(ex: Executor): Promise<VersionRow[]> {
  return ex.selectFrom('wheel_version').select(versionColumns).orderBy('version', 'desc').execute();
}

/** The prizes of the given versions, in wheel order. */
export async function prizesOf(ex: Executor, versions: readonly number[]): Promise<PrizeRow[]> {
  if (versions.length === 0) return [];
  return ex
    .selectFrom('wheel_prize')
    .select(prizeColumns)
    .where('version', 'in', [...new Set(versions)])
    .orderBy('version')
    .orderBy('prize_index')
    .execute();
}

// One operator publishes at a time; the next number is read after the lock, so it is never taken twice.
const PUBLISH_LOCK = 7_341_046;

export async function lockPublishing(ex: Executor): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK})`.execute(ex);
}

export async function insertVersion(
  ex: Executor,
  v: Omit<VersionRow, 'created_at'>,
  prizes: Omit<PrizeRow, 'version'>[],
): Promise<VersionRow> {
  const row = await ex
    .insertInto('wheel_version')
    .values(v)
    .returning(versionColumns)
    .executeTakeFirstOrThrow();
  await ex
    .insertInto('wheel_prize')
    .values(prizes.map((p) => ({ ...p, version: v.version })))
    .execute();
  return row;
}
