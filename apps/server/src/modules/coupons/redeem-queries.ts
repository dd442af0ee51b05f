import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

const couponColumns = [
  'c.id',
  'c.code',
  'c.member_id',
  'c.status',
  'k.status as campaign_status',
  'k.title',
  'k.amount_satang',
  'k.expires_at',
] as const;

/**
 * The coupon an operator code stands for, for this member (docs/rules/engagement.md §2): a shared
 * campaign's one code, or in a personal campaign the member's own code (none for anyone else). The
 * code is matched in any case (the unique index on lower(operator_code)).
 */
export function couponByOperatorCode(ex: Executor, typed: string, memberId: number) {
  return ex
    .selectFrom('coupon as c')
    .innerJoin('coupon_campaign as k', 'k.id', 'c.campaign_id')
    .select([...couponColumns, 'k.operator_code'])
    .where(sql<string>`lower(k.operator_code)`, '=', typed.toLowerCase())
    .where((eb) => eb.or([eb('c.member_id', 'is', null), eb('c.member_id', '=', memberId)]))
    .orderBy('c.id')
    .limit(1)
    .executeTakeFirst();
}

/** A code with its campaign (title, amount, expiry, whether either is disabled). */
export function couponByCode(ex: Executor, code: string) {
  return ex
    .selectFrom('coupon as c')
    .innerJoin('coupon_campaign as k', 'k.id', 'c.campaign_id')
    .select(couponColumns)
    .where('c.code', '=', code)
    .executeTakeFirst();
}

export async function usedBy(ex: Executor, couponId: number, memberId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('coupon_use')
    .select('id')
    .where('coupon_id', '=', couponId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/** One use of the code's quota, in one statement (docs/rules/engagement.md §2.2); false when none is left. */
export async function takeUse(ex: Executor, couponId: number): Promise<boolean> {
  const row = await ex
    .updateTable('coupon')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('id', '=', couponId)
    .whereRef('used', '<', 'quota')
    .returning('used')
    .executeTakeFirst();
  return row !== undefined;
}

export function insertUse(
  ex: Executor,
  u: { couponId: number; memberId: number; amountSatang: number; claimId: number; now: Date },
) {
  return ex
    .insertInto('coupon_use')
    .values({
      coupon_id: u.couponId,
      member_id: u.memberId,
      amount_satang: u.amountSatang,
      claim_id: u.claimId,
      created_at: u.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Until when the member's coupon entry is locked, if it is now. */
export async function lockedUntil(ex: Executor, memberId: number, now: Date): Promise<Date | null> {
  const row = await ex
    .selectFrom('coupon_attempt')
    .select('locked_until')
    .where('member_id', '=', memberId)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Counts one wrong code in one statement: the row keeps the times of the wrong codes of the last
 * `windowMinutes` (a rolling window); the one that makes `maxFailures` in it locks entry until now +
 * `lockMinutes` (by then the window has moved past them). Returns the count and the lock.
 */
export async function countFailure(
  ex: Executor,
  f: { memberId: number; now: Date; windowMinutes: number; lockMinutes: number; maxFailures: number },
): Promise<{ failures: number; locked_until: Date | null }> {
  const windowStart = new Date(f.now.getTime() - f.windowMinutes * 60_000);
  const lockEnd = new Date(f.now.getTime() + f.lockMinutes * 60_000);
  // The wrong codes of the window, this one included.
  const counted = sql`(ARRAY(SELECT t FROM unnest(a.failed_at) t WHERE t > ${windowStart} ORDER BY t)
    || ${f.now}::timestamptz)`;
  const { rows } = await sql<{ failures: number; locked_until: Date | null }>`
    INSERT INTO coupon_attempt AS a (member_id, failed_at, locked_until)
    VALUES (${f.memberId}, ARRAY[${f.now}::timestamptz], CASE WHEN 1 >= ${f.maxFailures} THEN ${lockEnd}::timestamptz END)
    ON CONFLICT (member_id) DO UPDATE SET
      failed_at = ${counted},
      locked_until = CASE WHEN cardinality(${counted}) >= ${f.maxFailures} THEN ${lockEnd}::timestamptz
                          ELSE a.locked_until END
    RETURNING cardinality(failed_at) AS failures, locked_until`.execute(ex);
  return rows[0]!;
}

/** The member's redeemed coupons, newest first. */
export function memberUses(ex: Executor, memberId: number, limit: number) {
  return ex
    .selectFrom('coupon_use as u')
    .innerJoin('coupon as c', 'c.id', 'u.coupon_id')
    .innerJoin('coupon_campaign as k', 'k.id', 'c.campaign_id')
    .select([
      'u.id',
      'u.coupon_id',
      // The code the operator announced, when the campaign has one: the member more likely typed it.
      sql<string>`coalesce(k.operator_code, c.code)`.as('code'),
      'k.title',
      'u.amount_satang',
      'u.created_at',
    ])
    .where('u.member_id', '=', memberId)
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
}
