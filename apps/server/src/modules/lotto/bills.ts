import { randomUUID } from 'node:crypto';
import { type GameCategory, gameCategoryLabels } from '@chok/contract/api/games';
import type { ErrorCode } from '@chok/contract/errors';
import { x100ToRate } from '@chok/engine/lotto/match';
import { type BetType, todKey } from '@chok/engine/lotto/types';
import { bahtToSatang, formatBaht, satang } from '@chok/engine/money';
import {
  type Executor,
  inTransaction,
  isDeadlock,
  isSerializationFailure,
  raisedRefusal,
} from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { walletTypeCategories } from '../games/service.ts';
import { raisedProtectionError } from '../protection/service.ts';
import { BONUS_WALLET, memberBalance, type WalletTypeId } from '../wallet/service.ts';
import {
  blocking,
  type CheckedItem,
  checkItems,
  exposureKey,
  type ItemInput,
  type NumberLimit,
  problemErrorCode,
} from './bill-check.ts';
import { type BillGroups, type BillTicket, createBillGroups } from './bill-groups.ts';
import {
  acceptedExposure,
  type BillLine,
  type BillPageFilter,
  type BillRules,
  billItems,
  billsByIds,
  lockMemberBill,
  markBillCancelled,
  memberBillId,
  memberBillPage,
  numberLimitRows,
  type PlaceBillAnswer,
  releaseExposure,
  roundForBill,
} from './bill-queries.ts';
import { billView, itemView, problemView } from './bill-views.ts';
import { HOUSE, isLottoWallet, LOTTO_WALLET_TYPES, type LottoDeps } from './deps.ts';
import { findRound, type RoundRow } from './round-queries.ts';
import type { RoundSettings } from './settings.ts';
import { lottoBillByKey, lottoWalletOf } from './wallet-queries.ts';

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
 * Into how many exposure rows a number of each type is split (decision 0012): the ten run digits and
 * the hundred two-digit numbers take most bills at once; a three-digit number rarely does.
 */
const EXPOSURE_SLOTS: Record<BetType, number> = {
  run_top: 8,
  run_bottom: 8,
  two_top: 4,
  two_bottom: 4,
  three_top: 1,
  three_tod: 1,
  three_front: 1,
  three_back: 1,
};

/** The bill groups of each database (bill-groups.ts), made with the settings of the first caller. */
const groupsOf = new WeakMap<object, BillGroups>();

function billGroups(d: LottoDeps): BillGroups {
  let g = groupsOf.get(d.db);
  if (!g) {
    g = createBillGroups(d.db, {
      max: d.config.LOTTO_BILL_GROUP_MAX,
      inFlight: d.config.LOTTO_BILL_GROUPS_IN_FLIGHT,
      lottoWallets: LOTTO_WALLET_TYPES,
      onGroup: d.onBillGroup,
    });
    groupsOf.set(d.db, g);
  }
  return g;
}

interface CachedRules {
  version: number;
  settings: RoundSettings;
  limits: Map<string, NumberLimit>;
}

/** The rules each round's bills were last checked against, per database; the bill function checks the version. */
const rulesCache = new WeakMap<object, Map<number, CachedRules>>();
const RULES_CACHE_MAX = 2000;

function cacheRules(d: LottoDeps, roundId: number, rules: BillRules): CachedRules {
  let perDb = rulesCache.get(d.db);
  if (!perDb) {
    perDb = new Map();
    rulesCache.set(d.db, perDb);
  }
  const entry = {
    version: rules.version,
    settings: rules.settings,
    limits: new Map(rules.limits.map((l) => [exposureKey(l.bet_type, l.number), l as NumberLimit])),
  };
  perDb.delete(roundId);
  perDb.set(roundId, entry);
  if (perDb.size > RULES_CACHE_MAX) perDb.delete(perDb.keys().next().value!);
  return entry;
}

/**
 * A refusal the bill function raised, as the catalogue error the TypeScript rules give for it: the
 * wallet's own message for a wallet that may not pay, each over-ceiling line with what is left on it.
 */
async function refusalError(
  d: LottoDeps,
  raised: { code: string; detail: string | null },
  rules: CachedRules | undefined,
  input: BillInput,
): Promise<never> {
  if (raised.code === 'LOTTO_WALLET_NOT_ELIGIBLE') await refuseWallet(d.db, Number(raised.detail));
  // The bet guard of player protection refused the debit (docs/rules/protection.md §2.3, §3.2).
  const protectionRefusal = raisedProtectionError(raised);
  if (protectionRefusal) throw protectionRefusal;
  if (raised.code === 'LOTTO_OVER_CEILING' && raised.detail && rules) {
    const over = JSON.parse(raised.detail) as { bet_type: string; number: string; accepted: number }[];
    const before = new Map(over.map((o) => [exposureKey(o.bet_type, o.number), o.accepted]));
    refuseItems(checkItems(rules.settings, input.items, rules.limits, before));
  }
  throw new AppError(raised.code as ErrorCode);
}

/**
 * The refusal path of a bill whose lines break a rule: the round and the wallet first, as the rule's
 * steps order them (rule steps 1–2), then the lines against the round's rules as they are now. Answers
 * those rules when the lines pass them after all (the cached ones were out of date).
 */
async function refuseBill(d: LottoDeps, memberId: number, input: BillInput): Promise<BillRules> {
  const r = await roundForBill(d.db, input.round_id, memberId, input.wallet_id);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  if (!isOpenForBets(r)) throw new AppError('LOTTO_ROUND_CLOSED');
  if (!r.wallet) throw new AppError('WALLET_NOT_FOUND');
  if (!isLottoWallet(r.wallet.wallet_type_id)) await refuseWallet(d.db, r.wallet.wallet_type_id);
  const limits = new Map(r.limits.map((l) => [exposureKey(l.bet_type, l.number), l as NumberLimit]));
  refuseItems(checkItems(r.settings, input.items, limits, new Map()));
  return { version: r.rules_version, settings: r.settings, limits: r.limits };
}

/** How many times a bill is placed against rules that keep changing before the member is asked to retry. */
const PLACE_ATTEMPTS = 10;

/**
 * One bill (docs/rules/lottery.md §7 Create; decisions 0011 and 0012) in one round trip: the lines are
 * checked in memory against the round's rules — types, digits, min/max, เลขอั้น and ceilings against
 * this bill alone (rule steps 3–4), rate snapshots and potential wins (step 7) — and the database
 * function does the rest under its locks: the round open by the database clock (step 1), the wallet
 * (step 2), the bill and its items, the debit (step 6), exposure against each ceiling (step 5) and the
 * clock once more. Rules it finds changed come back with the answer and the bill is checked again.
 */
async function placeBill(d: LottoDeps, memberId: number, input: BillInput, key: string) {
  // The bill's place in line over all its tries (bill-groups.ts): a repeat of its key waits for its answer.
  const ticket = billGroups(d).ticket(memberId, key);
  try {
    return await tryBill(d, memberId, input, key, ticket);
  } finally {
    ticket.done();
  }
}

async function tryBill(d: LottoDeps, memberId: number, input: BillInput, key: string, ticket: BillTicket) {
  let rules = rulesCache.get(d.db)?.get(input.round_id);
  for (let attempt = 0; ; attempt++) {
    // Rules changed under the bill on every try (an operator editing the round as it is bought): nothing
    // was bought, and the member is asked to try again (503), never answered with a fault.
    if (attempt >= PLACE_ATTEMPTS) throw new AppError('LOTTO_RULES_CHANGING');
    await d.beforeBillAttempt?.(input.round_id, attempt);
    let lines: BillLine[] = [];
    let totalSatang = 0;
    if (rules) {
      const items = checkItems(rules.settings, input.items, rules.limits, new Map());
      if (blocking(items).length > 0) {
        rules = cacheRules(d, input.round_id, await refuseBill(d, memberId, input));
        continue;
      }
      totalSatang = totalStakeSatang(items);
      lines = items.map((i) => ({
        bet_type: i.bet_type,
        number: i.number,
        tod_key: i.bet_type === 'three_tod' ? todKey(i.number) : null,
        stakeSatang: bahtToSatang(i.amount),
        rate: x100ToRate(i.rateX100),
        potentialWinSatang: i.potentialWinSatang,
        ceilingSatang: i.ceilingSatang,
        slots: EXPOSURE_SLOTS[i.bet_type] ?? 1,
      }));
    }
    let placed: PlaceBillAnswer;
    try {
      // With the bills of other members that arrive with it (bill-groups.ts): the same answers as alone.
      placed = await billGroups(d).place(ticket, {
        roundId: input.round_id,
        // No rules yet: the function checks the round and answers the rules.
        rulesVersion: rules?.version ?? -1,
        memberId,
        walletId: input.wallet_id,
        idempotencyKey: key,
        totalStakeSatang: totalSatang,
        lines,
      });
    } catch (err) {
      const raised = raisedRefusal(err);
      if (raised) return refusalError(d, raised, rules, input);
      // An exposure slot changed between its read and its update (see lotto_place_bill), or two
      // transactions waited for each other: nothing of the bill stayed, so it is placed again.
      if (isSerializationFailure(err) || isDeadlock(err)) continue;
      throw err;
    }
    if ('stale' in placed) {
      rules = cacheRules(d, input.round_id, placed.stale);
      continue;
    }
    if ('replay' in placed) {
      const replay = await replayBill(d, memberId, key, input);
      if (replay) return replay;
      throw new Error(`bill key ${key} is taken but no bill holds it`);
    }
    const round = { ...placed.round, close_at: new Date(placed.round.close_at), settings: rules!.settings };
    const bill = {
      ...placed.bill,
      created_at: new Date(placed.bill.created_at),
      item_count: placed.items.length,
    };
    return {
      bill: billView(bill, round, d.clock.now()),
      items: placed.items.map(itemView),
      balance: formatBaht(placed.balance),
    };
  }
}

/**
 * Places a bill, idempotent by the bill's own unique `(member_id, idempotency_key)` (decision 0011):
 * a repeated key waits for the first bill's transaction and then answers with that bill — or
 * IDEMPOTENCY_CONFLICT when the request differs; a refusal looks the key up too, so a retry after the
 * round closed still answers with the bill it made.
 */
export async function createBill(d: LottoDeps, memberId: number, input: BillInput, headerKey: string | null) {
  const key = input.idempotency_key ?? headerKey ?? randomUUID();
  try {
    return await placeBill(d, memberId, input, key);
  } catch (err) {
    if (!(err instanceof AppError) || err.code === 'IDEMPOTENCY_CONFLICT') throw err;
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
    const { updated, itemCount } = await markBillCancelled(tx, b.id, d.clock.now());
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
