import type { billStatus } from '@chok/contract/api/lotto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Executor, Tx } from '../../platform/db.ts';
import { type LottoWallet, lottoBalanceSql, lottoWalletJson } from '../wallet/service.ts';
import { type RoundRow, roundColumns } from './round-queries.ts';

export interface BillRow {
  id: number;
  round_id: number;
  wallet_type_id: number;
  status: string;
  total_stake: number;
  total_win: number;
  created_at: Date;
  item_count: number;
}

export interface ItemRow {
  id: number;
  bet_type: string;
  number: string;
  stake: number;
  rate_snapshot: string;
  potential_win: number;
  status: string;
  win_amount: number;
}

export interface NumberLimitRow {
  bet_type: string;
  number: string;
  action: string;
  rate: string | null;
  cap: number | null;
}

/**
 * What a bill needs before it touches exposure, in one round trip: the round locked FOR SHARE with
 * the database clock read after the lock, the member's wallet (by ledger account id or wallet type
 * id, the wallet module's subquery) and the round's เลขอั้น.
 */
export async function roundForBill(
  ex: Executor,
  roundId: number,
  memberId: number,
  walletId: number,
): Promise<(RoundRow & { db_now: Date; wallet: LottoWallet | null; limits: NumberLimitRow[] }) | undefined> {
  const { rows } = await sql<
    RoundRow & { db_now: Date; wallet: LottoWallet | null; limits: NumberLimitRow[] }
  >`
    SELECT ${roundColumns}, clock_timestamp() AS db_now,
      ${lottoWalletJson(memberId, walletId)} AS wallet,
      (SELECT coalesce(json_agg(json_build_object('bet_type', l.bet_type, 'number', l.number,
         'action', l.action, 'rate', l.rate::text, 'cap', l.cap)), '[]'::json)
       FROM lotto_number_limit l WHERE l.round_id = r.id) AS limits
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE r.id = ${roundId} FOR SHARE OF r`.execute(ex);
  return rows[0];
}

export function numberLimitRows(ex: Executor, roundId: number) {
  return ex.selectFrom('lotto_number_limit').selectAll().where('round_id', '=', roundId).execute();
}

/** What each number of a round has accepted so far, in satang (read without locks). */
export async function acceptedExposure(
  ex: Executor,
  roundId: number,
): Promise<{ bet_type: string; number: string; accepted_amount: number }[]> {
  const { rows } = await sql<{ bet_type: string; number: string; accepted_amount: number }>`
      SELECT bet_type, number, accepted_amount FROM lotto_exposure WHERE round_id = ${roundId}`.execute(ex);
  return rows;
}

/** The bill and its items in one statement, items in the order given; answers both as inserted. */
export async function insertBill(
  tx: Tx,
  b: {
    memberId: number;
    roundId: number;
    walletTypeId: number;
    totalStakeSatang: number;
    idempotencyKey: string;
    items: {
      bet_type: string;
      number: string;
      tod_key: string | null;
      stakeSatang: number;
      rate: string;
      potentialWinSatang: number;
    }[];
  },
): Promise<{ bill: Omit<BillRow, 'created_at' | 'item_count'> & { created_at: string }; items: ItemRow[] }> {
  const { rows: placed } = await sql<{
    bill: Omit<BillRow, 'created_at' | 'item_count'> & { created_at: string };
    items: ItemRow[];
  }>`
      WITH b AS (
        INSERT INTO lotto_bill (member_id, round_id, wallet_type_id, total_stake, idempotency_key)
        VALUES (${b.memberId}, ${b.roundId}, ${b.walletTypeId}, ${b.totalStakeSatang}, ${b.idempotencyKey})
        RETURNING id, round_id, wallet_type_id, status, total_stake, total_win, created_at),
      i AS (
        INSERT INTO lotto_bill_item (bill_id, round_id, bet_type, number, tod_key, stake, rate_snapshot, potential_win)
        SELECT b.id, b.round_id, v.bet_type, v.number, v.tod_key, v.stake, v.rate, v.potential_win
        FROM b, unnest(${b.items.map((i) => i.bet_type)}::text[], ${b.items.map((i) => i.number)}::text[],
          ${b.items.map((i) => i.tod_key)}::text[],
          ${b.items.map((i) => i.stakeSatang)}::bigint[], ${b.items.map((i) => i.rate)}::numeric[],
          ${b.items.map((i) => i.potentialWinSatang)}::bigint[]) WITH ORDINALITY
          AS v(bet_type, number, tod_key, stake, rate, potential_win, ord)
        ORDER BY v.ord
        RETURNING id, bet_type, number, stake, rate_snapshot::text, potential_win, status, win_amount)
      SELECT row_to_json(b) AS bill, (SELECT json_agg(i ORDER BY i.id) FROM i) AS items FROM b`.execute(tx);
  return placed[0]!;
}

/**
 * Adds stakes to a round's exposure: inserts missing rows or adds to existing ones, locking them in
 * the order given (the caller sorts by bet_type, number). Each row answers its new total; `open` says
 * whether the clock read after the last lock is still before `closeAt`; `balance` is the paying
 * wallet's balance, read in the same statement.
 */
export async function addExposure(
  tx: Tx,
  e: {
    roundId: number;
    closeAt: Date;
    memberId: number;
    walletTypeId: number;
    adds: { bet_type: string; number: string; amountSatang: number }[];
  },
): Promise<{ bet_type: string; number: string; accepted_amount: number; open: boolean; balance: number }[]> {
  const { rows } = await sql<{
    bet_type: string;
    number: string;
    accepted_amount: number;
    open: boolean;
    balance: number;
  }>`
      WITH x AS (
        INSERT INTO lotto_exposure AS e (round_id, bet_type, number, accepted_amount)
        SELECT ${e.roundId}, v.bet_type, v.number, v.amount
        FROM unnest(${e.adds.map((a) => a.bet_type)}::text[], ${e.adds.map((a) => a.number)}::text[],
          ${e.adds.map((a) => a.amountSatang)}::bigint[]) WITH ORDINALITY AS v(bet_type, number, amount, ord)
        ORDER BY v.ord
        ON CONFLICT (round_id, bet_type, number)
          DO UPDATE SET accepted_amount = e.accepted_amount + EXCLUDED.accepted_amount
        RETURNING e.bet_type, e.number, e.accepted_amount, clock_timestamp() AS at)
      SELECT x.bet_type, x.number, x.accepted_amount, max(x.at) OVER () < ${e.closeAt} AS open,
        ${lottoBalanceSql(e.memberId, e.walletTypeId)} AS balance
      FROM x`.execute(tx);
  return rows;
}

/** Subtracts the stakes of these bills' pending items from exposure (rows locked in key order). */
export async function releaseExposure(tx: Tx, billIds: number[]): Promise<void> {
  if (billIds.length === 0) return;
  const { rows } = await sql<{ round_id: number; bet_type: string; number: string; amount: number }>`
    SELECT round_id, bet_type, number, sum(stake)::bigint AS amount FROM lotto_bill_item
    WHERE bill_id IN (${sql.join(billIds)}) AND status = 'pending'
    GROUP BY round_id, bet_type, number ORDER BY round_id, bet_type, number`.execute(tx);
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.round_id}::bigint, ${r.bet_type}, ${r.number}, ${r.amount}::bigint)`),
  );
  await sql`
    SELECT 1 FROM lotto_exposure e JOIN (VALUES ${values}) AS v(round_id, bet_type, number, amount)
      ON e.round_id = v.round_id AND e.bet_type = v.bet_type AND e.number = v.number
    ORDER BY e.round_id, e.bet_type, e.number FOR UPDATE OF e`.execute(tx);
  await sql`
    UPDATE lotto_exposure e SET accepted_amount = greatest(0, e.accepted_amount - v.amount)
    FROM (VALUES ${values}) AS v(round_id, bet_type, number, amount)
    WHERE e.round_id = v.round_id AND e.bet_type = v.bet_type AND e.number = v.number`.execute(tx);
}

/** A bill's items in line order. */
export function billItems(ex: Executor, billId: number) {
  return ex.selectFrom('lotto_bill_item').selectAll().where('bill_id', '=', billId).orderBy('id').execute();
}

/** The member's own bill, locked for update. */
export function lockMemberBill(tx: Tx, memberId: number, billId: number) {
  return tx
    .selectFrom('lotto_bill')
    .selectAll()
    .where('id', '=', billId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks a bill cancelled and its items refunded; answers the bill as updated and its item count. */
export async function markBillCancelled(tx: Tx, billId: number, at: Date) {
  await tx.updateTable('lotto_bill_item').set({ status: 'refunded' }).where('bill_id', '=', billId).execute();
  const updated = await tx
    .updateTable('lotto_bill')
    .set({ status: 'cancelled', cancelled_at: at })
    .where('id', '=', billId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const items = await tx.selectFrom('lotto_bill_item').select('id').where('bill_id', '=', billId).execute();
  return { updated, itemCount: items.length };
}

/** Whether the member owns this bill (its id, or undefined). */
export function memberBillId(ex: Executor, memberId: number, billId: number) {
  return ex
    .selectFrom('lotto_bill')
    .select('id')
    .where('id', '=', billId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** One page of a member's bill ids, newest first, and how many match the filter. */
export interface BillPageFilter {
  status?: z.infer<typeof billStatus> | undefined;
  date?: string | undefined;
  round_id?: number | undefined;
  page: number;
  per_page: number;
}

export async function memberBillPage(
  ex: Executor,
  memberId: number,
  f: BillPageFilter,
): Promise<{ ids: number[]; total: number }> {
  let q = ex
    .selectFrom('lotto_bill as b')
    .innerJoin('lotto_round as r', 'r.id', 'b.round_id')
    .where('b.member_id', '=', memberId);
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.date) q = q.where('r.business_date', '=', f.date);
  if (f.round_id) q = q.where('b.round_id', '=', f.round_id);
  const [rows, count] = await Promise.all([
    q
      .select(['b.id', 'b.round_id'])
      .orderBy('b.id', 'desc')
      .limit(f.per_page)
      .offset((f.page - 1) * f.per_page)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

/** Bills by id with their item counts and the round fields a bill view needs. */
export async function billsByIds(ex: Executor, ids: number[]) {
  const out = new Map<number, { bill: BillRow; round: RoundRow }>();
  if (ids.length === 0) return out;
  const { rows } = await sql<BillRow & { round: RoundRow }>`
    SELECT b.id, b.round_id, b.wallet_type_id, b.status, b.total_stake, b.total_win, b.created_at,
      (SELECT count(*) FROM lotto_bill_item i WHERE i.bill_id = b.id)::int AS item_count,
      json_build_object('market_name', m.name, 'business_date', r.business_date, 'round_no', r.round_no,
        'close_at', r.close_at, 'status', r.status, 'derive_rule', m.derive_rule, 'settings', r.settings,
        'result', r.result) AS round
    FROM lotto_bill b JOIN lotto_round r ON r.id = b.round_id JOIN lotto_market m ON m.id = r.market_id
    WHERE b.id IN (${sql.join(ids)})`.execute(ex);
  for (const row of rows) {
    const round = { ...row.round, close_at: new Date(row.round.close_at) } as RoundRow;
    out.set(row.id, { bill: row, round });
  }
  return out;
}
