import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './db.ts';

/**
 * Login lock-out, for every kind of account that logs in with a password (members, staff): after
 * `maxFailures` wrong tries the account is locked for `lockMinutes`. The account tables keep
 * `failed_login_count` and `locked_until`; their owners apply the SET clauses below in one UPDATE.
 */
export interface LockoutPolicy {
  maxFailures: number;
  lockMinutes: number;
}

/** Whole minutes left on a lock (rounded up), 0 when none is in force. */
export function lockMinutesLeft(lockedUntil: Date | null, now: Date): number {
  if (!lockedUntil || lockedUntil <= now) return 0;
  return Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
}

export interface LockoutSet {
  failed_login_count: RawBuilder<number>;
  locked_until: RawBuilder<Date | null>;
}

/**
 * The SET clause that counts one failed login, so failures sent in parallel each count: the one that
 * reaches the limit sets the lock in the same statement. A lapsed lock starts a fresh count; a lock
 * in force is only ever extended.
 */
export function failedLoginSet(now: Date, policy: LockoutPolicy): LockoutSet {
  const until = new Date(now.getTime() + policy.lockMinutes * 60_000);
  const failures = sql<number>`(CASE WHEN locked_until <= ${now} THEN 1 ELSE failed_login_count + 1 END)`;
  return {
    failed_login_count: failures,
    locked_until: sql<Date | null>`CASE
        WHEN ${failures} >= ${policy.maxFailures} THEN GREATEST(locked_until, ${until}::timestamptz)
        WHEN locked_until <= ${now} THEN NULL
        ELSE locked_until
      END`,
  };
}

/**
 * The SET clause of a right password (and code): clears the count unless a lock is in force, which
 * a concurrent failure may have set since the account was read.
 */
export function clearedLoginSet(now: Date): LockoutSet {
  const locked = sql`(locked_until IS NOT NULL AND locked_until > ${now})`;
  return {
    failed_login_count: sql<number>`CASE WHEN ${locked} THEN failed_login_count ELSE 0 END`,
    locked_until: sql<Date | null>`CASE WHEN ${locked} THEN locked_until ELSE NULL END`,
  };
}

/**
 * Applies one of the SET clauses above to an account in one UPDATE, for the table's owner (members'
 * `member`, admin's `staff`); answers the lock in force afterwards, if any.
 */
export async function updateLockout(
  ex: Executor,
  table: 'member' | 'staff',
  id: number,
  set: LockoutSet,
): Promise<Date | null> {
  const row = await ex
    .updateTable(table)
    .set(set)
    .where('id', '=', id)
    .returning('locked_until')
    .executeTakeFirst();
  return row?.locked_until ?? null;
}
