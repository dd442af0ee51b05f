import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export interface AccountRow {
  balance_satang: number;
  redeem_day: string | null;
  redeemed_day_satang: number;
  redeems: number;
}

const accountColumns = sql`balance_satang, to_char(redeem_day, 'YYYY-MM-DD') AS redeem_day,
  redeemed_day_satang, redeems`;

/** The member's affiliate account, created empty on first use, locked for this transaction. */
export async function lockAccount(ex: Executor, memberId: number): Promise<AccountRow> {
  await sql`INSERT INTO affiliate_account (member_id) VALUES (${memberId})
    ON CONFLICT (member_id) DO NOTHING`.execute(ex);
  const { rows } = await sql<AccountRow>`
    SELECT ${accountColumns} FROM affiliate_account WHERE member_id = ${memberId} FOR UPDATE`.execute(ex);
  const row = rows[0];
  if (!row) throw new Error(`affiliate account of member ${memberId} missing after insert`);
  return row;
}

export async function accountOf(ex: Executor, memberId: number): Promise<AccountRow | undefined> {
  const { rows } = await sql<AccountRow>`
    SELECT ${accountColumns} FROM affiliate_account WHERE member_id = ${memberId}`.execute(ex);
  return rows[0];
}

/** Adds a commission to the locked account and appends its entry (key unique: G2). */
export async function creditCommission(
  ex: Executor,
  c: { memberId: number; amount: number; day: string; reference: string; key: string },
): Promise<void> {
  const { rows } = await sql<{ balance_satang: number }>`
    UPDATE affiliate_account SET balance_satang = balance_satang + ${c.amount}, updated_at = now()
    WHERE member_id = ${c.memberId} RETURNING balance_satang`.execute(ex);
  const after = rows[0]?.balance_satang;
  if (after === undefined) throw new Error(`affiliate account of member ${c.memberId} missing`);
  await ex
    .insertInto('affiliate_entry')
    .values({
      member_id: c.memberId,
      kind: 'commission',
      amount_satang: c.amount,
      balance_after: after,
      day: c.day,
      reference: c.reference,
      idempotency_key: c.key,
    })
    .execute();
}

/**
 * Takes a redemption off the balance and counts it against `today`'s limit in one statement: nothing
 * changes (undefined) unless the balance covers it and today's total stays within `limit`.
 */
export async function takeRedemption(
  ex: Executor,
  r: { memberId: number; amount: number; today: string; limit: number },
): Promise<{ balance_satang: number; redeemed_day_satang: number; redeems: number } | undefined> {
  const { rows } = await sql<{ balance_satang: number; redeemed_day_satang: number; redeems: number }>`
    UPDATE affiliate_account SET
      balance_satang = balance_satang - ${r.amount},
      redeemed_day_satang =
        CASE WHEN redeem_day = ${r.today}::date THEN redeemed_day_satang ELSE 0 END + ${r.amount},
      redeem_day = ${r.today}::date,
      redeems = redeems + 1,
      updated_at = now()
    WHERE member_id = ${r.memberId} AND balance_satang >= ${r.amount}
      AND CASE WHEN redeem_day = ${r.today}::date THEN redeemed_day_satang ELSE 0 END + ${r.amount} <= ${r.limit}
    RETURNING balance_satang, redeemed_day_satang, redeems`.execute(ex);
  return rows[0];
}

export async function insertRedeemEntry(
  ex: Executor,
  e: { memberId: number; amount: number; balanceAfter: number; day: string; reference: string; key: string },
): Promise<void> {
  await ex
    .insertInto('affiliate_entry')
    .values({
      member_id: e.memberId,
      kind: 'redeem',
      amount_satang: -e.amount,
      balance_after: e.balanceAfter,
      day: e.day,
      reference: e.reference,
      idempotency_key: e.key,
    })
    .execute();
}

export interface EntryRow {
  id: number;
  created_at: Date;
  day: string;
  kind: 'commission' | 'redeem' | 'returned';
  reference: string;
  amount_satang: number;
  balance_after: number;
}

export async function entriesPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    sql<EntryRow>`
      SELECT id, created_at, to_char(day, 'YYYY-MM-DD') AS day, kind, reference, amount_satang, balance_after
      FROM affiliate_entry WHERE member_id = ${memberId}
      ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    ex
      .selectFrom('affiliate_entry')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.rows, total: Number(total.n) };
}

/** Σ commissions and Σ redemptions of the member. */
export async function entryTotals(
  ex: Executor,
  memberId: number,
): Promise<{ earned: number; redeemed: number }> {
  const { rows } = await sql<{ earned: string; redeemed: string }>`
    SELECT COALESCE(sum(amount_satang) FILTER (WHERE kind = 'commission'), 0) AS earned,
      COALESCE(-sum(amount_satang) FILTER (WHERE kind IN ('redeem', 'returned')), 0) AS redeemed
    FROM affiliate_entry WHERE member_id = ${memberId}`.execute(ex);
  return { earned: Number(rows[0]?.earned ?? 0), redeemed: Number(rows[0]?.redeemed ?? 0) };
}

/**
 * A rejected redemption's amount back on the affiliate balance, with its `returned` entry, once
 * (the entry's key); undefined when it was returned already. In the same statement it stops counting
 * toward its day's limit: while the account's redeemed day is still the day of the redemption (its
 * `redeem` entry, `redeemKey`), that day's total goes down by the amount.
 */
export async function returnRedemption(
  ex: Executor,
  r: { memberId: number; amount: number; reference: string; key: string; redeemKey: string },
): Promise<{ balance_satang: number; redeemed_day_satang: number } | undefined> {
  const { rows } = await sql<{ balance_satang: number; redeemed_day_satang: number }>`
    WITH entry AS (
      INSERT INTO affiliate_entry (member_id, kind, amount_satang, balance_after, day, reference, idempotency_key)
      SELECT ${r.memberId}, 'returned', ${r.amount}, a.balance_satang + ${r.amount},
             (now() AT TIME ZONE 'Asia/Bangkok')::date, ${r.reference}, ${r.key}
      FROM affiliate_account a WHERE a.member_id = ${r.memberId}
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING balance_after)
    UPDATE affiliate_account a SET balance_satang = entry.balance_after,
      redeemed_day_satang = CASE
        WHEN a.redeem_day = (SELECT e.day FROM affiliate_entry e
                             WHERE e.idempotency_key = ${r.redeemKey} AND e.member_id = ${r.memberId}
                               AND e.kind = 'redeem')
        THEN greatest(0, a.redeemed_day_satang - ${r.amount})
        ELSE a.redeemed_day_satang END,
      updated_at = now()
    FROM entry WHERE a.member_id = ${r.memberId}
    RETURNING a.balance_satang, a.redeemed_day_satang`.execute(ex);
  return rows[0];
}
