import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { LottoRound } from '../../db/database.generated.ts';
import type { Tx } from '../../platform/db.ts';

export interface SettledBill {
  id: number;
  member_id: number;
  wallet_type_id: number;
  total_win: number;
  total_stake: number;
  status: string;
}

/**
 * One pass over a round's pending items: each whose `bet_type:key` (the tod key for three_tod) is in
 * `winners` is won with stake × rate_snapshot, the rest lost; their bills take the totals and are
 * answered.
 */
export async function settlePendingItems(tx: Tx, roundId: number, winners: string[]): Promise<SettledBill[]> {
  const won = sql`(i.bet_type || ':' || CASE WHEN i.bet_type = 'three_tod' THEN i.tod_key ELSE i.number END) = ANY(${winners}::text[])`;
  const { rows } = await sql<SettledBill>`
        WITH items AS (
          UPDATE lotto_bill_item i
          SET status = CASE WHEN ${won} THEN 'won' ELSE 'lost' END,
              win_amount = CASE WHEN ${won} THEN (i.stake * i.rate_snapshot)::bigint ELSE 0 END
          WHERE i.round_id = ${roundId} AND i.status = 'pending'
          RETURNING i.bill_id, i.win_amount),
        s AS (SELECT bill_id, sum(win_amount)::bigint AS win FROM items GROUP BY bill_id)
        UPDATE lotto_bill b SET status = CASE WHEN s.win > 0 THEN 'won' ELSE 'lost' END, total_win = s.win,
          settled_at = now()
        FROM s
        WHERE b.id = s.bill_id AND b.round_id = ${roundId} AND b.status = 'pending'
        RETURNING b.id, b.member_id, b.wallet_type_id, b.total_win, b.total_stake, b.status`.execute(tx);
  return rows;
}

/** Claims one payment per winning bill and result version; answers only the new claims. */
export async function claimWinPayments(
  tx: Tx,
  resultVersion: number,
  winning: readonly SettledBill[],
): Promise<{ bill_id: number; member_id: number; wallet_type_id: number; amount: number }[]> {
  if (winning.length === 0) return [];
  const { rows } = await sql<{ bill_id: number; member_id: number; wallet_type_id: number; amount: number }>`
            INSERT INTO lotto_win_payment (bill_id, result_version, member_id, wallet_type_id, amount)
            SELECT v.bill_id, ${resultVersion}, v.member_id, v.wallet_type_id, v.amount
            FROM unnest(${winning.map((b) => b.id)}::bigint[], ${winning.map((b) => b.member_id)}::int[],
              ${winning.map((b) => b.wallet_type_id)}::int[], ${winning.map((b) => b.total_win)}::bigint[])
              AS v(bill_id, member_id, wallet_type_id, amount)
            ORDER BY v.bill_id
            ON CONFLICT (bill_id, result_version) DO NOTHING
            RETURNING bill_id, member_id, wallet_type_id, amount`.execute(tx);
  return rows;
}

/** Writes a round's columns (status, result, timestamps) as one update. */
export async function updateRound(tx: Tx, roundId: number, set: Updateable<LottoRound>): Promise<void> {
  await tx.updateTable('lotto_round').set(set).where('id', '=', roundId).execute();
}

/** The member who fired a yeekee round's shot `seq`, if any. */
export function shooterAt(tx: Tx, roundId: number, seq: number) {
  return tx
    .selectFrom('lotto_shot')
    .select('member_id')
    .where('round_id', '=', roundId)
    .where('seq', '=', seq)
    .executeTakeFirst();
}

/** What a member staked in a round's bills that were not cancelled or refunded, in satang. */
export async function memberRoundStake(tx: Tx, roundId: number, memberId: number): Promise<number> {
  const staked = await tx
    .selectFrom('lotto_bill')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_stake'), eb.val(0)).as('s'))
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'won', 'lost'])
    .executeTakeFirstOrThrow();
  return Number(staked.s);
}

/** Claims a yeekee shooter reward once per round and position; false when it was already claimed. */
export async function claimYeekeeReward(
  tx: Tx,
  c: { roundId: number; position: number; seq: number; memberId: number; amountSatang: number },
): Promise<boolean> {
  const claimed = await tx
    .insertInto('lotto_yeekee_reward')
    .values({
      round_id: c.roundId,
      position: c.position,
      seq: c.seq,
      member_id: c.memberId,
      amount: c.amountSatang,
    })
    .onConflict((oc) => oc.columns(['round_id', 'position']).doNothing())
    .returning('seq')
    .executeTakeFirst();
  return claimed !== undefined;
}

export function pendingBillsOfRound(tx: Tx, roundId: number) {
  return tx
    .selectFrom('lotto_bill')
    .select(['id', 'member_id', 'wallet_type_id', 'total_stake'])
    .where('round_id', '=', roundId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
}

/** Marks a round's pending items and bills refunded. */
export async function markPendingRefunded(tx: Tx, roundId: number, at: Date): Promise<void> {
  await tx
    .updateTable('lotto_bill_item')
    .set({ status: 'refunded' })
    .where('round_id', '=', roundId)
    .where('status', '=', 'pending')
    .execute();
  await tx
    .updateTable('lotto_bill')
    .set({ status: 'refunded', settled_at: at })
    .where('round_id', '=', roundId)
    .where('status', '=', 'pending')
    .execute();
}

/** The win payments of a round not yet reversed, by bill. */
export function unreversedWinPayments(tx: Tx, roundId: number) {
  return tx
    .selectFrom('lotto_win_payment as p')
    .innerJoin('lotto_bill as b', 'b.id', 'p.bill_id')
    .select(['p.bill_id', 'p.result_version', 'p.member_id', 'p.wallet_type_id', 'p.amount'])
    .where('b.round_id', '=', roundId)
    .where('p.reversed_at', 'is', null)
    .orderBy('p.bill_id')
    .execute();
}

export async function markWinPaymentReversed(
  tx: Tx,
  billId: number,
  resultVersion: number,
  at: Date,
): Promise<void> {
  await tx
    .updateTable('lotto_win_payment')
    .set({ reversed_at: at })
    .where('bill_id', '=', billId)
    .where('result_version', '=', resultVersion)
    .execute();
}

/** Puts a round's settled items and bills back to pending, without wins. */
export async function resetSettledToPending(tx: Tx, roundId: number): Promise<void> {
  await tx
    .updateTable('lotto_bill_item')
    .set({ status: 'pending', win_amount: 0 })
    .where('round_id', '=', roundId)
    .where('status', 'in', ['won', 'lost'])
    .execute();
  await tx
    .updateTable('lotto_bill')
    .set({ status: 'pending', total_win: 0, settled_at: null })
    .where('round_id', '=', roundId)
    .where('status', 'in', ['won', 'lost'])
    .execute();
}

/** A yeekee round's shot numbers in seq order. */
export async function shotNumbers(tx: Tx, roundId: number): Promise<string[]> {
  const shots = await tx
    .selectFrom('lotto_shot')
    .select('number')
    .where('round_id', '=', roundId)
    .orderBy('seq')
    .execute();
  return shots.map((s) => s.number);
}
