import type { billStatus } from '@chok/contract/api/lotto';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type Executor, prepared, runPrepared, type Tx } from '../../platform/db.ts';
import { type RoundRow, roundColumns } from './round-queries.ts';
import type { RoundSettings } from './settings.ts';
import { type LottoWallet, lottoWalletJson } from './wallet-queries.ts';

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

interface RoundForBill {
  db_now: Date;
  rules_version: number;
  wallet: LottoWallet | null;
  limits: NumberLimitRow[];
}

/**
 * What a bill whose lines break a rule is judged by, in one round trip (a bill itself is placed by
 * `placeBillRow`): the round with the database clock, the member's wallet (by ledger account id or
 * wallet type id, the wallet module's subquery), the round's เลขอั้น and the version of its rules.
 */
export async function roundForBill(
  ex: Executor,
  roundId: number,
  memberId: number,
  walletId: number,
): Promise<(RoundRow & RoundForBill) | undefined> {
  const { rows } = await sql<RoundRow & RoundForBill>`
    SELECT ${roundColumns}, r.rules_version, clock_timestamp() AS db_now,
      ${lottoWalletJson(memberId, walletId)} AS wallet,
      (SELECT coalesce(json_agg(json_build_object('bet_type', l.bet_type, 'number', l.number,
         'action', l.action, 'rate', l.rate::text, 'cap', l.cap)), '[]'::json)
       FROM lotto_number_limit l WHERE l.round_id = r.id) AS limits
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE r.id = ${roundId}`.execute(ex);
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

/** What a bill's lines are checked against in Node: the round's settings and เลขอั้น, and their version. */
export interface BillRules {
  version: number;
  settings: RoundSettings;
  limits: NumberLimitRow[];
}

/** One line as the bill function takes it. */
export interface BillLine {
  bet_type: string;
  number: string;
  tod_key: string | null;
  stakeSatang: number;
  rate: string;
  potentialWinSatang: number;
  /** The number's ceiling in satang, as Node resolved it from the rules of `rulesVersion`. */
  ceilingSatang: number;
  /** Into how many exposure slots the number is split. */
  slots: number;
}

/** The round fields a bill view shows, as the bill function read them under the round's lock. */
export interface PlacedRound {
  market_name: string;
  business_date: string;
  round_no: number;
  close_at: string;
  status: RoundRow['status'];
  derive_rule: RoundRow['derive_rule'];
}

export type PlaceBillAnswer =
  | { stale: BillRules }
  | { replay: true }
  | {
      bill: Omit<BillRow, 'created_at' | 'item_count'> & { created_at: string };
      items: ItemRow[];
      balance: number;
      round: PlacedRound;
    };

/** Lines as the bill functions take them: one array per field, in line order. */
function lineColumns(lines: readonly BillLine[]) {
  return [
    lines.map((l) => l.bet_type),
    lines.map((l) => l.number),
    lines.map((l) => l.tod_key),
    lines.map((l) => l.stakeSatang),
    lines.map((l) => l.rate),
    lines.map((l) => l.potentialWinSatang),
    lines.map((l) => l.ceilingSatang),
    lines.map((l) => l.slots),
  ];
}

const placeBillStatement = prepared<{ r: PlaceBillAnswer }>(
  'lotto_place_bill',
  `SELECT lotto_place_bill($1::bigint, $2::int, $3::int, $4::int, $5::int[], $6::text, $7::bigint, $8::int,
     $9::text[], $10::text[], $11::text[], $12::bigint[], $13::numeric[], $14::bigint[], $15::bigint[], $16::int[]) AS r`,
);

/**
 * A whole bill in one round trip (lotto/sql/lotto_place_bill.sql, decision 0012): the database function locks the
 * round, checks it is open and the wallet may pay, compares the rules version, inserts the bill and
 * its items, debits the wallet and adds exposure, and answers the bill — or `stale` with the rules as
 * they are now, or `replay` when the member already used the key. A refusal raises CK001 (see
 * `raisedRefusal`); it runs outside any transaction, so a refusal leaves nothing behind.
 */
export async function placeBillRow(
  ex: Executor,
  b: {
    roundId: number;
    rulesVersion: number;
    memberId: number;
    walletId: number;
    lottoWallets: readonly number[];
    idempotencyKey: string;
    totalStakeSatang: number;
    slot: number;
    lines: readonly BillLine[];
  },
): Promise<PlaceBillAnswer> {
  const rows = await runPrepared(ex, placeBillStatement, [
    b.roundId,
    b.rulesVersion,
    b.memberId,
    b.walletId,
    b.lottoWallets,
    b.idempotencyKey,
    b.totalStakeSatang,
    b.slot,
    ...lineColumns(b.lines),
  ]);
  return rows[0]!.r;
}

/** One bill of a group as the group function takes it (`placeBillsRow`). */
export interface GroupBill {
  memberId: number;
  walletId: number;
  idempotencyKey: string;
  totalStakeSatang: number;
  lines: readonly BillLine[];
}

/** What the group function answers for one bill (lotto/sql/lotto_place_bills.sql). */
export type GroupBillAnswer =
  | { ok: { bill: Extract<PlaceBillAnswer, { bill: unknown }>['bill']; items: ItemRow[]; balance: number } }
  | { refused: string; detail: string | null }
  | { replay: true }
  | { single: true }
  | { later: true };

export type PlaceBillsAnswer = { stale: BillRules } | { round: PlacedRound; bills: GroupBillAnswer[] };

const placeBillsStatement = prepared<{ r: PlaceBillsAnswer }>(
  'lotto_place_bills',
  `SELECT lotto_place_bills($1::bigint, $2::int, $3::int[], $4::int, $5::int[], $6::int[], $7::text[], $8::bigint[],
     $9::int[], $10::text[], $11::text[], $12::text[], $13::bigint[], $14::numeric[], $15::bigint[], $16::bigint[],
     $17::int[]) AS r`,
);

/**
 * A group of bills for one round in one round trip and one transaction (lotto/sql/lotto_place_bills.sql,
 * decision 0079): the round's checks once, each bill judged in arrival order, the writes one statement
 * per table. Lines go as flat arrays, each with its bill's position (1-based).
 */
export async function placeBillsRow(
  ex: Executor,
  g: {
    roundId: number;
    rulesVersion: number;
    lottoWallets: readonly number[];
    slot: number;
    bills: readonly GroupBill[];
  },
): Promise<PlaceBillsAnswer> {
  const lineBill = g.bills.flatMap((b, i) => b.lines.map(() => i + 1));
  const rows = await runPrepared(ex, placeBillsStatement, [
    g.roundId,
    g.rulesVersion,
    g.lottoWallets,
    g.slot,
    g.bills.map((b) => b.memberId),
    g.bills.map((b) => b.walletId),
    g.bills.map((b) => b.idempotencyKey),
    g.bills.map((b) => b.totalStakeSatang),
    lineBill,
    ...lineColumns(g.bills.flatMap((b) => b.lines)),
  ]);
  return rows[0]!.r;
}

/**
 * Subtracts the stakes of these bills' pending items from exposure: per round, the database function
 * takes them off number by number in (bet_type, number) order, each under every slot's lock.
 */
export async function releaseExposure(tx: Tx, billIds: number[]): Promise<void> {
  if (billIds.length === 0) return;
  const { rows } = await sql<{ round_id: number; bet_types: string[]; numbers: string[]; amounts: number[] }>`
    SELECT round_id, array_agg(bet_type) AS bet_types, array_agg(number) AS numbers, array_agg(amount) AS amounts
    FROM (SELECT round_id, bet_type, number, sum(stake)::bigint AS amount FROM lotto_bill_item
          WHERE bill_id IN (${sql.join(billIds)}) AND status = 'pending' GROUP BY round_id, bet_type, number) x
    GROUP BY round_id ORDER BY round_id`.execute(tx);
  for (const r of rows) {
    await sql`SELECT lotto_exposure_release(${r.round_id}::bigint, ${r.bet_types}::text[], ${r.numbers}::text[],
      ${r.amounts}::bigint[])`.execute(tx);
  }
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

/** Whether the member has a bill from this wallet still waiting for its result (a stake in play). */
export async function hasPendingBill(ex: Executor, memberId: number, walletTypeId: number): Promise<boolean> {
  const bill = await ex
    .selectFrom('lotto_bill')
    .select('id')
    .where('member_id', '=', memberId)
    .where('wallet_type_id', '=', walletTypeId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return bill !== undefined;
}
