import { randomUUID } from 'node:crypto';
import { type GameCategory, gameCategoryLabels } from '@chok/contract/api/games';
import type { billStatus } from '@chok/contract/api/lotto';
import { x100ToRate } from '@chok/engine/lotto/match';
import { todKey } from '@chok/engine/lotto/types';
import { formatBaht, satang } from '@chok/engine/money';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type Executor, inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { walletTypeCategories } from '../games/service.ts';
import {
  BONUS_WALLET,
  lottoBalanceSql,
  lottoBillByKey,
  lottoWalletOf,
  memberBalance,
  type WalletTypeId,
} from '../wallet/service.ts';
import {
  blocking,
  type CheckedItem,
  checkItems,
  exposureKey,
  type ItemInput,
  type NumberLimit,
  problemErrorCode,
} from './bill-check.ts';
import { HOUSE, LOTTO_WALLET_TYPES, type LottoDeps } from './deps.ts';
import { findRound, type RoundRow, roundForBill } from './queries.ts';

type BillRow = Parameters<typeof billView>[0];
type ItemRow = Parameters<typeof itemView>[0];

export interface BillInput {
  round_id: number;
  wallet_id: number;
  idempotency_key?: string | undefined;
  items: ItemInput[];
}

async function numberLimits(ex: Executor, roundId: number): Promise<Map<string, NumberLimit>> {
  const rows = await ex
    .selectFrom('lotto_number_limit')
    .selectAll()
    .where('round_id', '=', roundId)
    .execute();
  return new Map(rows.map((r) => [exposureKey(r.bet_type, r.number), r as NumberLimit]));
}

/** A member's wallet, by ledger account id or wallet type id, if it may pay for lotto. */
async function lottoWallet(ex: Executor, memberId: number, walletId: number): Promise<WalletTypeId> {
  const row = await lottoWalletOf(ex, memberId, walletId);
  if (!row?.wallet_type_id) throw new AppError('WALLET_NOT_FOUND');
  if (!(LOTTO_WALLET_TYPES as readonly number[]).includes(row.wallet_type_id))
    await refuseWallet(ex, row.wallet_type_id);
  return row.wallet_type_id as WalletTypeId;
}

/**
 * Why a wallet cannot pay a bill, in Thai. The bonus wallet says which game categories it is for
 * (docs/rules/casino.md §1: slot, freespin, fishing by default, as `game_wallet_category` holds).
 */
async function refuseWallet(ex: Executor, walletTypeId: number): Promise<never> {
  if (walletTypeId !== BONUS_WALLET) throw new AppError('LOTTO_WALLET_NOT_ELIGIBLE');
  const labels = (await walletTypeCategories(ex, walletTypeId)).map(
    (c) => gameCategoryLabels[c as GameCategory] ?? c,
  );
  const categories =
    labels.length > 1 ? `${labels.slice(0, -1).join(' ')} และ${labels.at(-1)}` : (labels[0] ?? 'เกม');
  throw new AppError('LOTTO_BONUS_WALLET', { categories });
}

function isOpenForBets(r: RoundRow & { db_now: Date }): boolean {
  return r.status === 'open' && r.db_now < r.close_at && r.open_at <= r.db_now;
}

function problemView(p: CheckedItem['problems'][number]) {
  return {
    code: p.code,
    message: p.message,
    warning: p.warning,
    ...(p.remaining !== undefined ? { remaining: p.remaining } : {}),
  };
}

/** Refuses a bill whose items have blocking problems; `fields` carries each line's message by index. */
function refuseItems(items: CheckedItem[]): void {
  const problems = blocking(items);
  if (problems.length === 0) return;
  const fields: Record<string, string> = {};
  for (const { index, problem } of problems) fields[`items.${index}`] ??= problem.message;
  const first = problems[0]!;
  const err = new AppError(problemErrorCode(first.problem.code), {}, fields, {
    items: problems.map(({ index, problem }) => ({ index, ...problemView(problem) })),
  });
  // The catalogue message filled for this line (number, type, remaining) was built by checkItems.
  err.message = first.problem.message;
  throw err;
}

export function billView(
  b: {
    id: number;
    round_id: number;
    wallet_type_id: number;
    status: string;
    total_stake: number;
    total_win: number;
    created_at: Date;
    item_count: number;
  },
  r: Pick<
    RoundRow,
    'market_name' | 'business_date' | 'round_no' | 'close_at' | 'status' | 'derive_rule' | 'settings'
  >,
  now: Date,
) {
  const cancelBy = r.close_at.getTime() - r.settings.cancel_before_minutes * 60_000;
  return {
    bill_id: b.id,
    round_id: b.round_id,
    market_name: r.market_name,
    business_date: r.business_date,
    round_no: r.round_no,
    wallet_type_id: b.wallet_type_id,
    status: b.status as 'pending',
    total_amount: formatBaht(b.total_stake),
    total_win: formatBaht(b.total_win),
    item_count: b.item_count,
    created_at: b.created_at.toISOString(),
    close_at: r.close_at.toISOString(),
    cancellable:
      b.status === 'pending' &&
      r.derive_rule !== 'yeekee' &&
      r.status === 'open' &&
      now.getTime() <= cancelBy,
  };
}

export function itemView(i: {
  id: number;
  bet_type: string;
  number: string;
  stake: number;
  rate_snapshot: string;
  potential_win: number;
  status: string;
  win_amount: number;
}) {
  return {
    id: i.id,
    bet_type: i.bet_type as 'three_top',
    number: i.number,
    amount: formatBaht(i.stake),
    rate: Number(i.rate_snapshot).toFixed(2),
    potential_win: formatBaht(i.potential_win),
    status: i.status as 'pending',
    win_amount: formatBaht(i.win_amount),
  };
}

export function createBills(d: LottoDeps) {
  async function validate(memberId: number, input: BillInput) {
    const r = await findRound(d.db, input.round_id);
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    const walletType = await lottoWallet(d.db, memberId, input.wallet_id);
    const { rows: exp } = await sql<{ bet_type: string; number: string; accepted_amount: number }>`
      SELECT bet_type, number, accepted_amount FROM lotto_exposure WHERE round_id = ${r.id}`.execute(d.db);
    const accepted = new Map(exp.map((e) => [exposureKey(e.bet_type, e.number), e.accepted_amount]));
    const items = checkItems(r.settings, input.items, await numberLimits(d.db, r.id), accepted);
    const total = items.reduce((s, i) => s + i.amount * 100, 0);
    const balance = await memberBalance(d.db, memberId, walletType);
    const billProblems = [];
    if (!isOpenForBets({ ...r }))
      billProblems.push({
        code: 'ROUND_CLOSED',
        message: new AppError('LOTTO_ROUND_CLOSED').message,
        warning: false,
      });
    if (total > balance)
      billProblems.push({
        code: 'INSUFFICIENT_BALANCE',
        message: new AppError('INSUFFICIENT_FUNDS').message,
        warning: false,
      });
    return {
      ok: billProblems.length === 0 && blocking(items).length === 0,
      items: items.map((i) => ({
        bet_type: i.bet_type,
        number: i.number,
        amount: i.amount,
        rate: x100ToRate(i.rateX100),
        potential_win: formatBaht(i.potentialWin),
        problems: i.problems.map(problemView),
      })),
      total_amount: formatBaht(Math.max(0, total)),
      total_potential_win: formatBaht(items.reduce((s, i) => s + i.potentialWin, 0)),
      balance: formatBaht(balance),
      problems: billProblems,
    };
  }

  /**
   * One bill in the caller's transaction (lottery.md §7), in five statements: (1) round FOR SHARE +
   * clock + wallet + เลขอั้น, (2) bill and items (its unique key makes the bill idempotent, see
   * create), (3–4) the ledger debit, (5) exposure — insert-or-add under row locks taken in
   * (bet_type, number) order, with the database clock read after the last lock. Exposure comes last so its hot rows (popular numbers,
   * the ten run digits) are held only for that statement and the commit; every path that locks both
   * takes the member's wallet before exposure rows. An over-ceiling line throws, which rolls back the
   * additions, the debit and the bill together.
   */
  async function placeBill(tx: Tx, memberId: number, input: BillInput, key: string) {
    // 1. The round, locked FOR SHARE; open and before close_at by the database clock.
    const r = await roundForBill(tx, input.round_id, memberId, input.wallet_id);
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    if (!isOpenForBets(r)) throw new AppError('LOTTO_ROUND_CLOSED');
    // 2. Wallet owned and lotto-eligible.
    if (!r.wallet) throw new AppError('WALLET_NOT_FOUND');
    if (!(LOTTO_WALLET_TYPES as readonly number[]).includes(r.wallet.wallet_type_id))
      await refuseWallet(tx, r.wallet.wallet_type_id);
    const walletType = r.wallet.wallet_type_id as WalletTypeId;
    // 3–4. Types, digits, min/max, เลขอั้น and ceilings against this bill alone — before any lock.
    const limits = new Map(r.limits.map((l) => [exposureKey(l.bet_type, l.number), l as NumberLimit]));
    const items = checkItems(r.settings, input.items, limits, new Map());
    refuseItems(items);
    const total = items.reduce((s, i) => s + i.amount * 100, 0);
    // 7. The bill and its items, with rate snapshots and potential wins.
    const { rows: placed } = await sql<{
      bill: Omit<BillRow, 'created_at' | 'item_count'> & { created_at: string };
      items: ItemRow[];
    }>`
      WITH b AS (
        INSERT INTO lotto_bill (member_id, round_id, wallet_type_id, total_stake, idempotency_key)
        VALUES (${memberId}, ${r.id}, ${walletType}, ${total}, ${key})
        RETURNING id, round_id, wallet_type_id, status, total_stake, total_win, created_at),
      i AS (
        INSERT INTO lotto_bill_item (bill_id, round_id, bet_type, number, tod_key, stake, rate_snapshot, potential_win)
        SELECT b.id, b.round_id, v.bet_type, v.number, v.tod_key, v.stake, v.rate, v.potential_win
        FROM b, unnest(${items.map((i) => i.bet_type)}::text[], ${items.map((i) => i.number)}::text[],
          ${items.map((i) => (i.bet_type === 'three_tod' ? todKey(i.number) : null))}::text[],
          ${items.map((i) => i.amount * 100)}::bigint[], ${items.map((i) => x100ToRate(i.rateX100))}::numeric[],
          ${items.map((i) => i.potentialWin)}::bigint[]) WITH ORDINALITY
          AS v(bet_type, number, tod_key, stake, rate, potential_win, ord)
        ORDER BY v.ord
        RETURNING id, bet_type, number, stake, rate_snapshot::text, potential_win, status, win_amount)
      SELECT row_to_json(b) AS bill, (SELECT json_agg(i ORDER BY i.id) FROM i) AS items FROM b`.execute(tx);
    const bill = { ...placed[0]!.bill, created_at: new Date(placed[0]!.bill.created_at) };
    // 6. The debit that pays for it (INSUFFICIENT_FUNDS rolls everything back, before any exposure lock).
    await d.ledger.transfer(tx, {
      from: { member: memberId, wallet: walletType },
      to: HOUSE,
      amount: satang(total),
      kind: 'bet',
      reference: `lotto:bill:${bill.id}`,
      idempotencyKey: `lotto:bet:${bill.id}`,
    });
    // 5. Exposure: insert missing rows or add to existing ones, locking them in (bet_type, number)
    // order; each row returns its new total, and the clock is read once every lock is held.
    const adds = new Map<string, { bet_type: string; number: string; amount: number }>();
    for (const i of items) {
      const k = exposureKey(i.bet_type, i.number);
      const a = adds.get(k) ?? { bet_type: i.bet_type, number: i.number, amount: 0 };
      a.amount += i.amount * 100;
      adds.set(k, a);
    }
    const ordered = [...adds.values()].sort((a, b) =>
      a.bet_type === b.bet_type ? (a.number < b.number ? -1 : 1) : a.bet_type < b.bet_type ? -1 : 1,
    );
    const { rows: exposure } = await sql<{
      bet_type: string;
      number: string;
      accepted_amount: number;
      open: boolean;
      balance: number;
    }>`
      WITH x AS (
        INSERT INTO lotto_exposure AS e (round_id, bet_type, number, accepted_amount)
        SELECT ${r.id}, v.bet_type, v.number, v.amount
        FROM unnest(${ordered.map((a) => a.bet_type)}::text[], ${ordered.map((a) => a.number)}::text[],
          ${ordered.map((a) => a.amount)}::bigint[]) WITH ORDINALITY AS v(bet_type, number, amount, ord)
        ORDER BY v.ord
        ON CONFLICT (round_id, bet_type, number)
          DO UPDATE SET accepted_amount = e.accepted_amount + EXCLUDED.accepted_amount
        RETURNING e.bet_type, e.number, e.accepted_amount, clock_timestamp() AS at)
      SELECT x.bet_type, x.number, x.accepted_amount, max(x.at) OVER () < ${r.close_at} AS open,
        ${lottoBalanceSql(memberId, walletType)} AS balance
      FROM x`.execute(tx);
    // Ceilings against what was accepted before this bill, read under the locks.
    const before = new Map(
      exposure.map((e) => {
        const k = exposureKey(e.bet_type, e.number);
        return [k, e.accepted_amount - adds.get(k)!.amount];
      }),
    );
    refuseItems(checkItems(r.settings, input.items, limits, before));
    // The close time, read after the last lock: nothing commits at or after close_at.
    if (!exposure.every((e) => e.open)) throw new AppError('LOTTO_ROUND_CLOSED');
    return {
      bill: billView({ ...bill, item_count: placed[0]!.items.length }, r, d.clock.now()),
      items: placed[0]!.items.map(itemView),
      balance: formatBaht(exposure[0]?.balance ?? 0),
    };
  }

  /**
   * Idempotent by the bill's own unique `(member_id, idempotency_key)` (decision 0011): the insert of
   * a repeated key waits for the first transaction and then fails (or, if that one rolled back, goes
   * on); a refusal or that failure looks the key up and, if a bill holds it, answers with that bill —
   * or IDEMPOTENCY_CONFLICT when the request differs. Nothing is added to a new bill's transaction.
   */
  async function create(memberId: number, input: BillInput, headerKey: string | null) {
    const key = input.idempotency_key ?? headerKey ?? randomUUID();
    try {
      return await inTransaction(d.db, (tx) => placeBill(tx, memberId, input, key));
    } catch (err) {
      const duplicate =
        (err as { code?: string; constraint?: string }).code === '23505' &&
        (err as { constraint?: string }).constraint === 'lotto_bill_member_id_idempotency_key_key';
      if (!duplicate && !(err instanceof AppError)) throw err;
      const replay = await replayBill(memberId, key, input);
      if (replay) return replay;
      throw err;
    }
  }

  /** The bill already placed under this key, as create answers it; null if there is none. */
  async function replayBill(memberId: number, key: string, input: BillInput) {
    const b = await lottoBillByKey(d.db, memberId, key);
    if (!b) return null;
    const items = await d.db
      .selectFrom('lotto_bill_item')
      .selectAll()
      .where('bill_id', '=', b.id)
      .orderBy('id')
      .execute();
    const same =
      b.round_id === input.round_id &&
      (input.wallet_id === b.wallet_type_id || input.wallet_id === b.account_id) &&
      items.length === input.items.length &&
      items.every(
        (it, i) =>
          it.bet_type === input.items[i]!.bet_type &&
          it.number === input.items[i]!.number &&
          it.stake === input.items[i]!.amount * 100,
      );
    if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
    const x = (await billsByIds(d.db, [b.id])).get(b.id)!;
    return {
      bill: billView(x.bill, x.round, d.clock.now()),
      items: items.map(itemView),
      balance: formatBaht(await memberBalance(d.db, memberId, b.wallet_type_id)),
    };
  }

  async function cancel(memberId: number, billId: number) {
    return inTransaction(d.db, async (tx) => {
      const b = await tx
        .selectFrom('lotto_bill')
        .selectAll()
        .where('id', '=', billId)
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
      if (!b) throw new AppError('LOTTO_BILL_NOT_FOUND');
      const r = (await findRound(tx, b.round_id, 'share'))!;
      if (r.derive_rule === 'yeekee') throw new AppError('LOTTO_YEEKEE_NOT_CANCELLABLE');
      if (b.status !== 'pending') throw new AppError('LOTTO_BILL_NOT_PENDING');
      const cancelBy = r.close_at.getTime() - r.settings.cancel_before_minutes * 60_000;
      if (r.status !== 'open' || r.db_now.getTime() > cancelBy)
        throw new AppError('LOTTO_CANCEL_NOT_ALLOWED', { minutes: r.settings.cancel_before_minutes });
      // The wallet before exposure rows, the order a bill takes them in (no deadlock with a new bill).
      await d.ledger.transfer(tx, {
        from: HOUSE,
        to: { member: memberId, wallet: b.wallet_type_id as WalletTypeId },
        amount: satang(b.total_stake),
        kind: 'refund',
        reference: `lotto:bill:${b.id}`,
        idempotencyKey: `lotto:cancel:${b.id}`,
      });
      await releaseExposure(tx, [b.id]);
      await tx
        .updateTable('lotto_bill_item')
        .set({ status: 'refunded' })
        .where('bill_id', '=', b.id)
        .execute();
      const updated = await tx
        .updateTable('lotto_bill')
        .set({ status: 'cancelled', cancelled_at: new Date() })
        .where('id', '=', b.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const items = await tx.selectFrom('lotto_bill_item').select('id').where('bill_id', '=', b.id).execute();
      return {
        bill: billView({ ...updated, item_count: items.length }, r, d.clock.now()),
        refunded: formatBaht(b.total_stake),
        balance: formatBaht(await memberBalance(tx, memberId, b.wallet_type_id)),
      };
    });
  }

  async function list(
    memberId: number,
    f: {
      status?: z.infer<typeof billStatus> | undefined;
      date?: string | undefined;
      round_id?: number | undefined;
      page: number;
      per_page: number;
    },
  ) {
    let q = d.db
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
    const items = await billsByIds(
      d.db,
      rows.map((r) => r.id),
    );
    const now = d.clock.now();
    return {
      items: rows.map((row) => {
        const x = items.get(row.id)!;
        return billView(x.bill, x.round, now);
      }),
      page: f.page,
      per_page: f.per_page,
      total: Number(count.n),
    };
  }

  async function detail(memberId: number, billId: number) {
    const b = await d.db
      .selectFrom('lotto_bill')
      .select('id')
      .where('id', '=', billId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!b) throw new AppError('LOTTO_BILL_NOT_FOUND');
    const x = (await billsByIds(d.db, [b.id])).get(b.id)!;
    const items = await d.db
      .selectFrom('lotto_bill_item')
      .selectAll()
      .where('bill_id', '=', b.id)
      .orderBy('id')
      .execute();
    return {
      bill: billView(x.bill, x.round, d.clock.now()),
      items: items.map(itemView),
      result: x.round.status === 'resulted' || x.round.status === 'settled' ? x.round.result : null,
    };
  }

  async function wallets(memberId: number) {
    const all = await d.ledger.wallets(d.db, memberId);
    return all.filter((w) => (LOTTO_WALLET_TYPES as readonly number[]).includes(w.wallet_type_id));
  }

  return { validate, create, cancel, list, detail, wallets };
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

async function billsByIds(ex: Executor, ids: number[]) {
  const out = new Map<number, { bill: Parameters<typeof billView>[0]; round: RoundRow }>();
  if (ids.length === 0) return out;
  const { rows } = await sql<Parameters<typeof billView>[0] & { round: RoundRow }>`
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
