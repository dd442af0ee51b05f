import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** Login lock-out, shared by members and staff: after `maxFailures` wrong tries, `lockMinutes` locked. */
export interface LockoutPolicy {
  maxFailures: number;
  lockMinutes: number;
}

type Account = 'member' | 'staff';

/** Whole minutes left on a lock (rounded up), 0 when none is in force. */
export function lockMinutesLeft(lockedUntil: Date | null, now: Date): number {
  if (!lockedUntil || lockedUntil <= now) return 0;
  return Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
}

/**
 * Counts one failed login in a single UPDATE, so failures sent in parallel each count; the one that
 * reaches the limit sets the lock in the same statement. A lapsed lock starts a fresh count; a lock
 * in force is only ever extended. Returns the minutes the account is now locked for (0: not locked).
 */
export async function countLoginFailure(
  ex: Executor,
  account: Account,
  id: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<number> {
  const until = new Date(now.getTime() + policy.lockMinutes * 60_000);
  const failures = sql`(CASE WHEN locked_until <= ${now} THEN 1 ELSE failed_login_count + 1 END)`;
  const { rows } = await sql<{ locked_until: Date | null }>`
    UPDATE ${sql.table(account)} SET
      failed_login_count = ${failures},
      locked_until = CASE
        WHEN ${failures} >= ${policy.maxFailures} THEN GREATEST(locked_until, ${until}::timestamptz)
        WHEN locked_until <= ${now} THEN NULL
        ELSE locked_until
      END
    WHERE id = ${id}
    RETURNING locked_until`.execute(ex);
  return lockMinutesLeft(rows[0]?.locked_until ?? null, now);
}

/**
 * A right password (and code): clears the count in one UPDATE unless a lock is in force, which a
 * concurrent failure may have set since the account was read. Returns the minutes still locked
 * (0: cleared, the login may go on).
 */
export async function clearLoginFailures(
  ex: Executor,
  account: Account,
  id: number,
  now: Date,
): Promise<number> {
  const locked = sql`(locked_until IS NOT NULL AND locked_until > ${now})`;
  const { rows } = await sql<{ locked_until: Date | null }>`
    UPDATE ${sql.table(account)} SET
      failed_login_count = CASE WHEN ${locked} THEN failed_login_count ELSE 0 END,
      locked_until = CASE WHEN ${locked} THEN locked_until ELSE NULL END
    WHERE id = ${id}
    RETURNING locked_until`.execute(ex);
  return lockMinutesLeft(rows[0]?.locked_until ?? null, now);
}
