import { randomUUID } from 'node:crypto';
import { type GameCategory, gameCategoryLabels } from '@chok/contract/api/games';
import { x100ToRate } from '@chok/engine/lotto/match';
import { todKey } from '@chok/engine/lotto/types';
import { bahtToSatang, formatBaht, satang } from '@chok/engine/money';
import { type Executor, inTransaction, isUniqueViolation, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { walletTypeCategories } from '../games/service.ts';
import {
  BONUS_WALLET,
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
import {
  acceptedExposure,
  addExposure,
  type BillPageFilter,
  billItems,
  billsByIds,
  insertBill,
  lockMemberBill,
  markBillCancelled,
  memberBillId,
  memberBillPage,
  numberLimitRows,
  releaseExposure,
  roundForBill,
} from './bill-queries.ts';
import { billView, itemView, problemView } from './bill-views.ts';
import { HOUSE, isLottoWallet, type LottoDeps } from './deps.ts';
import { findRound, type RoundRow } from './round-queries.ts';

/** A member's bills: validate, create, cancel and read them (docs/rules/lottery.md §7). */

export interface BillInput {
  round_id: number;
  wallet_id: number;
  idempotency_key?: string | undefined;
  items: ItemInput[];
}

/** The satang a bill's lines stake in all (each line's amount is whole baht). */
function totalStakeSatang(items: readonly ItemInput[]): number {
  return items.reduce((s, i) => s + bahtToSatang(i.amount), 0);
}

/** A member's wallet, by ledger account id or wallet type id, if it may pay for lotto. */
async function lottoWallet(ex: Executor, memberId: number, walletId: number): Promise<WalletTypeId> {
  const row = await lottoWalletOf(ex, memberId, walletId);
  if (!row?.wallet_type_id) throw new AppError('WALLET_NOT_FOUND');
  if (!isLottoWallet(row.wallet_type_id)) await refuseWallet(ex, row.wallet_type_id);
  return row.wallet_type_id as WalletTypeId;
}

/**
 * Why a wallet cannot pay a bill, in Thai. The bonus wallet says which game categories it is for
 * (docs/rules/casino.md §1: slot, freespin, fishing by default, as the games module's settings hold).
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

/** The create checks as a dry run (docs/rules/lottery.md §7 Validate): no locks, no debit. */
export async function validateBill(d: LottoDeps, memberId: number, input: BillInput) {
  const r = await findRound(d.db, input.round_id);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  const walletType = await lottoWallet(d.db, memberId, input.wallet_id);
  const exposure = await acceptedExposure(d.db, r.id);
  const accepted = new Map(exposure.map((e) => [exposureKey(e.bet_type, e.number), e.accepted_amount]));
  const limitRows = await numberLimitRows(d.db, r.id);
  const limits = new Map(limitRows.map((l) => [exposureKey(l.bet_type, l.number), l as NumberLimit]));
  const items = checkItems(r.settings, input.items, limits, accepted);
  const totalSatang = totalStakeSatang(items);
  const balanceSatang = await memberBalance(d.db, memberId, walletType);
  const billProblems = [];
  if (!isOpenForBets({ ...r }))
    billProblems.push({
      code: 'ROUND_CLOSED',
      message: new AppError('LOTTO_ROUND_CLOSED').message,
      warning: false,
    });
  if (totalSatang > balanceSatang)
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
      potential_win: formatBaht(i.potentialWinSatang),
      problems: i.problems.map(problemView),
    })),
    total_amount: formatBaht(Math.max(0, totalSatang)),
    total_potential_win: formatBaht(items.reduce((s, i) => s + i.potentialWinSatang, 0)),
    balance: formatBaht(balanceSatang),
    problems: billProblems,
  };
}

/**
 * One bill in the caller's transaction (docs/rules/lottery.md §7 Create; decision 0011), in five
 * steps and five statements. Exposure comes last so its hot rows (popular numbers, the ten run
 * digits) are held only for that statement and the commit; every path that locks both takes the
 * member's wallet before exposure rows. An over-ceiling line throws, which rolls back the additions,
 * the debit and the bill together.
 */
async function placeBill(d: LottoDeps, tx: Tx, memberId: number, input: BillInput, key: string) {
  // 1. One statement: the round FOR SHARE with the database clock read after the lock, the member's
  //    wallet and the round's เลขอั้น. The round must be open and before close_at by that clock
  //    (rule step 1); the wallet the member's own and one that may pay for lotto (rule step 2).
  const r = await roundForBill(tx, input.round_id, memberId, input.wallet_id);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  if (!isOpenForBets(r)) throw new AppError('LOTTO_ROUND_CLOSED');
  if (!r.wallet) throw new AppError('WALLET_NOT_FOUND');
  if (!isLottoWallet(r.wallet.wallet_type_id)) await refuseWallet(tx, r.wallet.wallet_type_id);
  const walletType = r.wallet.wallet_type_id as WalletTypeId;
  // 2. In memory, before any lock or write: types, digits, min/max, เลขอั้น and ceilings against this
  //    bill alone (rule steps 3–4).
  const limits = new Map(r.limits.map((l) => [exposureKey(l.bet_type, l.number), l as NumberLimit]));
  const items = checkItems(r.settings, input.items, limits, new Map());
  refuseItems(items);
  const totalSatang = totalStakeSatang(items);
  // 3. The bill and its items in one statement, with rate snapshots and potential wins (rule step 7);
  //    its unique (member_id, idempotency_key) makes the bill idempotent, see createBill.
  const placed = await insertBill(tx, {
    memberId,
    roundId: r.id,
    walletTypeId: walletType,
    totalStakeSatang: totalSatang,
    idempotencyKey: key,
    items: items.map((i) => ({
      bet_type: i.bet_type,
      number: i.number,
      tod_key: i.bet_type === 'three_tod' ? todKey(i.number) : null,
      stakeSatang: bahtToSatang(i.amount),
      rate: x100ToRate(i.rateX100),
      potentialWinSatang: i.potentialWinSatang,
    })),
  });
  const bill = { ...placed.bill, created_at: new Date(placed.bill.created_at) };
  // 4. The debit that pays for it, two statements in the ledger (rule step 6). INSUFFICIENT_FUNDS
  //    rolls everything back before any exposure lock.
  await d.ledger.transfer(tx, {
    from: { member: memberId, wallet: walletType },
    to: HOUSE,
    amount: satang(totalSatang),
    kind: 'bet',
    reference: `lotto:bill:${bill.id}`,
    idempotencyKey: `lotto:bet:${bill.id}`,
  });
  // 5. Exposure (rule step 5), one statement: insert missing rows or add to existing ones, locking
  //    them in (bet_type, number) order; each row returns its new total, and the clock is read once
  //    every lock is held.
  const adds = new Map<string, { bet_type: string; number: string; amountSatang: number }>();
  for (const i of items) {
    const k = exposureKey(i.bet_type, i.number);
    const a = adds.get(k) ?? { bet_type: i.bet_type, number: i.number, amountSatang: 0 };
    a.amountSatang += bahtToSatang(i.amount);
    adds.set(k, a);
  }
  const ordered = [...adds.values()].sort((a, b) =>
    a.bet_type === b.bet_type ? (a.number < b.number ? -1 : 1) : a.bet_type < b.bet_type ? -1 : 1,
  );
  const exposure = await addExposure(tx, {
    roundId: r.id,
    closeAt: r.close_at,
    memberId,
    walletTypeId: walletType,
    adds: ordered,
  });
  //    Ceilings against what was accepted before this bill, read under the locks.
  const before = new Map(
    exposure.map((e) => {
      const k = exposureKey(e.bet_type, e.number);
      return [k, e.accepted_amount - adds.get(k)!.amountSatang];
    }),
  );
  refuseItems(checkItems(r.settings, input.items, limits, before));
  //    The close time, read after the last lock: nothing commits at or after close_at.
  if (!exposure.every((e) => e.open)) throw new AppError('LOTTO_ROUND_CLOSED');
  return {
    bill: billView({ ...bill, item_count: placed.items.length }, r, d.clock.now()),
    items: placed.items.map(itemView),
    balance: formatBaht(exposure[0]?.balance ?? 0),
  };
}

/**
 * Places a bill, idempotent by the bill's own unique `(member_id, idempotency_key)` (decision 0011):
 * the insert of a repeated key waits for the first transaction and then fails (or, if that one
 * rolled back, goes on); a refusal or that failure looks the key up and, if a bill holds it, answers
 * with that bill — or IDEMPOTENCY_CONFLICT when the request differs. Nothing is added to a new
 * bill's transaction.
 */
export async function createBill(d: LottoDeps, memberId: number, input: BillInput, headerKey: string | null) {
  const key = input.idempotency_key ?? headerKey ?? randomUUID();
  try {
    return await inTransaction(d.db, (tx) => placeBill(d, tx, memberId, input, key));
  } catch (err) {
    const duplicate = isUniqueViolation(err, 'lotto_bill_member_id_idempotency_key_key');
    if (!duplicate && !(err instanceof AppError)) throw err;
    const replay = await replayBill(d, memberId, key, input);
    if (replay) return replay;
    throw err;
  }
}

/** The bill already placed under this key, as createBill answers it; null if there is none. */
async function replayBill(d: LottoDeps, memberId: number, key: string, input: BillInput) {
  const b = await lottoBillByKey(d.db, memberId, key);
  if (!b) return null;
  const items = await billItems(d.db, b.id);
  const same =
    b.round_id === input.round_id &&
    (input.wallet_id === b.wallet_type_id || input.wallet_id === b.account_id) &&
    items.length === input.items.length &&
    items.every(
      (it, i) =>
        it.bet_type === input.items[i]!.bet_type &&
        it.number === input.items[i]!.number &&
        it.stake === bahtToSatang(input.items[i]!.amount),
    );
  if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
  const x = (await billsByIds(d.db, [b.id])).get(b.id)!;
  return {
    bill: billView(x.bill, x.round, d.clock.now()),
    items: items.map(itemView),
    balance: formatBaht(await memberBalance(d.db, memberId, b.wallet_type_id)),
  };
}

/**
 * A member cancels a whole pending bill of a regular round before the cut-off
 * (docs/rules/lottery.md §7 Cancel).
 */
export async function cancelBill(d: LottoDeps, memberId: number, billId: number) {
  return inTransaction(d.db, async (tx) => {
    const b = await lockMemberBill(tx, memberId, billId);
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
    const { updated, itemCount } = await markBillCancelled(tx, b.id, new Date());
    return {
      bill: billView({ ...updated, item_count: itemCount }, r, d.clock.now()),
      refunded: formatBaht(b.total_stake),
      balance: formatBaht(await memberBalance(tx, memberId, b.wallet_type_id)),
    };
  });
}

export async function listBills(d: LottoDeps, memberId: number, f: BillPageFilter) {
  const { ids, total } = await memberBillPage(d.db, memberId, f);
  const bills = await billsByIds(d.db, ids);
  const now = d.clock.now();
  return {
    items: ids.map((id) => {
      const x = bills.get(id)!;
      return billView(x.bill, x.round, now);
    }),
    page: f.page,
    per_page: f.per_page,
    total,
  };
}

export async function billDetail(d: LottoDeps, memberId: number, billId: number) {
  const b = await memberBillId(d.db, memberId, billId);
  if (!b) throw new AppError('LOTTO_BILL_NOT_FOUND');
  const x = (await billsByIds(d.db, [b.id])).get(b.id)!;
  const items = await billItems(d.db, b.id);
  return {
    bill: billView(x.bill, x.round, d.clock.now()),
    items: items.map(itemView),
    result: x.round.status === 'resulted' || x.round.status === 'settled' ? x.round.result : null,
  };
}

/** The member's wallets that may pay for a bill. */
export async function lottoWallets(d: LottoDeps, memberId: number) {
  const all = await d.ledger.wallets(d.db, memberId);
  return all.filter((w) => isLottoWallet(w.wallet_type_id));
}
