import { type Satang, satang } from '@chok/engine/money';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as accounts from './account-queries.ts';
import * as debts from './debt-queries.ts';
import type { TransferKind } from './kinds.ts';
import * as q from './transfer-queries.ts';
import { MAIN_WALLET, type WalletTypeId } from './wallet-types.ts';

/** A ledger account: a member's wallet, or a system account by code (docs/rules/casino.md §2.5). */
export type AccountRef = { member: number; wallet: WalletTypeId } | { system: string };

export interface TransferRequest {
  from: AccountRef;
  to: AccountRef;
  amount: Satang;
  kind: TransferKind;
  reference?: string | null;
  /** Unique per movement of money; a replay with the same key returns the first result. */
  idempotencyKey: string;
}

export interface TransferResult {
  transferId: number;
  replayed: boolean;
  /** Taken back from this credit for the member's debt, in the same transaction (0 when none). */
  recovered: Satang;
}

/**
 * Where a recovered debt goes. The only member debt today is a corrected lottery win the wallet
 * could not cover (docs/rules/lottery.md §8.3), owed to the lottery house account.
 */
const DEBT_CREDITOR = { system: 'sys:lotto' } as const;

const NONE = 0 as Satang;

function assertPositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`transfer amount must be positive satang: ${amount}`);
}

async function resolve(tx: Executor, ref: AccountRef): Promise<{ id: number; member: boolean }> {
  if ('system' in ref) {
    // Looked up (and created on first use) inside the caller's transaction and never cached, so an
    // id is never used after the transaction that created it rolled back.
    const id =
      (await accounts.findSystemAccountId(tx, ref.system)) ??
      (await accounts.upsertSystemAccount(tx, ref.system));
    return { id, member: false };
  }
  const id = await accounts.findMemberAccountId(tx, ref.member, ref.wallet);
  if (id === undefined) throw new AppError('WALLET_NOT_FOUND');
  return { id, member: true };
}

/**
 * Moves `amount` from one account to another (docs/rules/casino.md §2.3–2.4), in the caller's
 * transaction: the only way a balance changes. A replay of the key with the same movement answers
 * the first transfer; with another movement, IDEMPOTENCY_CONFLICT.
 */
export async function transfer(tx: Tx, t: TransferRequest): Promise<TransferResult> {
  assertPositive(t.amount);
  // A credit to a member's main wallet first pays back what the member owes (docs/rules/lottery.md §8.3).
  const debtor = 'member' in t.to && t.to.wallet === MAIN_WALLET ? t.to.member : null;
  if ('member' in t.from !== 'member' in t.to) {
    // 1a. One member wallet and a system account (every bet, win and refund): both accounts, the key
    // and the move in one statement (decision 0012). The system row is never updated, so there is
    // only one row lock to order. A system account not created yet is created below.
    const out = 'member' in t.from;
    const r = await q.moveMemberSystem(tx, {
      member: (out ? t.from : t.to) as { member: number; wallet: WalletTypeId },
      system: ((out ? t.to : t.from) as { system: string }).system,
      out,
      debtor: debtor !== null,
      amount: t.amount,
      kind: t.kind,
      reference: t.reference ?? null,
      idempotencyKey: t.idempotencyKey,
    });
    if (r.memberAccount === null) throw new AppError('WALLET_NOT_FOUND');
    if (r.systemAccount !== null) {
      const [debitId, creditId] = out
        ? [r.memberAccount, r.systemAccount]
        : [r.systemAccount, r.memberAccount];
      if (r.transferId === undefined) return replayTransfer(tx, t, debitId, creditId);
      if (!r.moved) {
        if (out) throw new AppError('INSUFFICIENT_FUNDS');
        throw new Error(`ledger account ${r.memberAccount} not found`);
      }
      // 2. Debt recovery from the new credit.
      const recovered =
        r.owes && debtor !== null ? await recoverDebt(tx, debtor, t.amount, t.idempotencyKey) : NONE;
      return { transferId: r.transferId, replayed: false, recovered };
    }
  }
  // 1. Both accounts in one round trip; a system account is created on first use (never cached).
  const pair = await q.findAccountPair(tx, t.from, t.to);
  const debit =
    pair.debitId !== undefined
      ? { id: pair.debitId, member: !('system' in t.from) }
      : await resolve(tx, t.from);
  const credit =
    pair.creditId !== undefined
      ? { id: pair.creditId, member: !('system' in t.to) }
      : await resolve(tx, t.to);
  if (debit.id === credit.id) throw new RangeError('a transfer needs two different accounts');
  const row = {
    debitId: debit.id,
    creditId: credit.id,
    amount: t.amount,
    kind: t.kind,
    reference: t.reference ?? null,
    idempotencyKey: t.idempotencyKey,
  };
  const replay = () => replayTransfer(tx, t, debit.id, credit.id);
  if (debit.member !== credit.member) {
    // 2a. One member wallet and a system account (every bet, win and refund): claim the key and move
    // in one statement, which also tells whether a credited member owes. The system row is never
    // updated, so there is only one row lock to order.
    const member = debit.member ? { id: debit.id, out: true } : { id: credit.id, out: false };
    const r = await q.insertTransferAndMove(tx, row, member, debtor);
    if (r.transferId === undefined) return replay();
    if (!r.moved) {
      if (member.out) throw new AppError('INSUFFICIENT_FUNDS');
      throw new Error(`ledger account ${member.id} not found`);
    }
    // 3. Debt recovery from the new credit.
    const recovered =
      r.owes && debtor !== null ? await recoverDebt(tx, debtor, t.amount, t.idempotencyKey) : NONE;
    return { transferId: r.transferId, replayed: false, recovered };
  }
  // 2b. Two member wallets (or two system accounts): claim the key, then move.
  const transferId = await q.insertTransfer(tx, row);
  if (transferId === undefined) return replay();
  // Member rows are locked in ascending id order so two transfers between the same wallets never deadlock.
  const moves = [
    { id: debit.id, member: debit.member, out: true },
    { id: credit.id, member: credit.member, out: false },
  ]
    .filter((m) => m.member)
    .sort((a, b) => a.id - b.id);
  for (const m of moves) {
    if (m.out) {
      if (!(await q.debitMemberAccount(tx, m.id, t.amount))) throw new AppError('INSUFFICIENT_FUNDS');
    } else {
      await q.creditMemberAccount(tx, m.id, t.amount);
    }
  }
  // 3. Debt recovery from the new credit.
  const recovered =
    debtor !== null && (await debts.owes(tx, debtor))
      ? await recoverDebt(tx, debtor, t.amount, t.idempotencyKey)
      : NONE;
  return { transferId, replayed: false, recovered };
}

/** A key already used: the first transfer if it moved the same money, else IDEMPOTENCY_CONFLICT. */
async function replayTransfer(
  tx: Tx,
  t: TransferRequest,
  debitId: number,
  creditId: number,
): Promise<TransferResult> {
  const first = await q.findTransferByKey(tx, t.idempotencyKey);
  const same =
    first &&
    first.debit_account_id === debitId &&
    first.credit_account_id === creditId &&
    first.amount === t.amount &&
    first.kind === t.kind;
  if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { transferId: first.id, replayed: true, recovered: NONE };
}

/**
 * Takes up to `available` (a credit just made to the member's main wallet, which therefore holds
 * it) back for the member's open debts, oldest first, in the credit's transaction. The debt rows
 * are locked, so two concurrent credits never recover the same satang; each recovery is keyed by
 * debt and credit, and runs only for a credit that was new (a replay recovers nothing again).
 */
async function recoverDebt(tx: Tx, memberId: number, available: number, creditKey: string): Promise<Satang> {
  let left = available;
  for (const debt of await debts.lockOpenDebts(tx, memberId)) {
    const take = Math.min(left, debt.amount - debt.recovered);
    if (take <= 0) break;
    await transfer(tx, {
      from: { member: memberId, wallet: MAIN_WALLET },
      to: DEBT_CREDITOR,
      amount: satang(take),
      kind: 'debt_recovery',
      reference: `lotto:debt:${debt.id}`,
      idempotencyKey: `lotto:debt:${debt.id}:${creditKey}`,
    });
    await debts.addRecovered(tx, debt.id, take);
    left -= take;
  }
  return satang(available - left);
}

export interface CreditManyRequest {
  from: { system: string };
  kind: TransferKind;
  credits: {
    to: { member: number; wallet: WalletTypeId };
    amount: Satang;
    reference?: string | null;
    idempotencyKey: string;
  }[];
}

/**
 * Many transfers from one account (a system account) to member wallets — a settlement's wins —
 * with the guarantees of `transfer` for each: one row per key, a replay with the same key and the
 * same movement is skipped (a different one is IDEMPOTENCY_CONFLICT), member rows locked in
 * ascending id order. Three statements whatever the count. Returns how many were new.
 */
export async function creditMany(
  tx: Tx,
  c: CreditManyRequest,
): Promise<{ inserted: number; replayed: number; recovered: number }> {
  if (c.credits.length === 0) return { inserted: 0, replayed: 0, recovered: 0 };
  for (const x of c.credits) assertPositive(x.amount);
  // 1. The paying account, then every new transfer in one statement (existing keys are skipped).
  const from = await resolve(tx, c.from);
  const rows = await q.insertCredits(
    tx,
    from.id,
    c.kind,
    c.credits.map((x) => ({
      memberId: x.to.member,
      walletTypeId: x.to.wallet,
      amount: x.amount,
      reference: x.reference ?? null,
      idempotencyKey: x.idempotencyKey,
    })),
  );
  // 2. A skipped key is a replay only when it moved the same money; otherwise a conflict.
  const fresh = new Set(rows.map((r) => r.idempotency_key));
  const skipped = c.credits.filter((x) => !fresh.has(x.idempotencyKey));
  if (skipped.length > 0) {
    const first = new Map(
      (
        await q.findTransfersByKeys(
          tx,
          skipped.map((x) => x.idempotencyKey),
        )
      ).map((t) => [t.idempotency_key, t]),
    );
    for (const x of skipped) {
      const t = first.get(x.idempotencyKey);
      if (!t) throw new AppError('WALLET_NOT_FOUND');
      const to = await accounts.findMemberAccountId(tx, x.to.member, x.to.wallet);
      if (
        t.debit_account_id !== from.id ||
        t.credit_account_id !== to ||
        t.amount !== x.amount ||
        t.kind !== c.kind
      )
        throw new AppError('IDEMPOTENCY_CONFLICT');
    }
  }
  // 3. The member wallets, each once with the sum of its new credits.
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(r.credit_account_id, (sums.get(r.credit_account_id) ?? 0) + r.amount);
  const debtors = await q.creditMemberAccounts(tx, sums);
  // 4. Members who owe (rare) pay back from each new credit to their main wallet, as `transfer` does.
  let recovered = 0;
  for (const r of rows) {
    const memberId = debtors.get(r.credit_account_id);
    if (memberId !== undefined) recovered += await recoverDebt(tx, memberId, r.amount, r.idempotency_key);
  }
  return { inserted: rows.length, replayed: skipped.length, recovered };
}

/** A withdrawal's money: the member, the amount and the keys of its movement (docs/rules/payments.md §5). */
export interface HoldRequest {
  memberId: number;
  amount: Satang;
  idempotencyKey: string;
  reference: string;
}

/** Holds a pending withdrawal: main → sys:withdraw_pending. */
export function hold(tx: Tx, h: HoldRequest): Promise<TransferResult> {
  return transfer(tx, {
    from: { member: h.memberId, wallet: MAIN_WALLET },
    to: { system: 'sys:withdraw_pending' },
    amount: h.amount,
    kind: 'withdraw_hold',
    reference: h.reference,
    idempotencyKey: h.idempotencyKey,
  });
}

/** Releases a held withdrawal back to main (rejected request). */
export function release(tx: Tx, h: HoldRequest): Promise<TransferResult> {
  return transfer(tx, {
    from: { system: 'sys:withdraw_pending' },
    to: { member: h.memberId, wallet: MAIN_WALLET },
    amount: h.amount,
    kind: 'withdraw_release',
    reference: h.reference,
    idempotencyKey: h.idempotencyKey,
  });
}

/** Pays out a held withdrawal: sys:withdraw_pending → sys:payout. */
export function payOutHold(tx: Tx, h: Omit<HoldRequest, 'memberId'>): Promise<TransferResult> {
  return transfer(tx, {
    from: { system: 'sys:withdraw_pending' },
    to: { system: 'sys:payout' },
    amount: h.amount,
    kind: 'withdraw_paid',
    reference: h.reference,
    idempotencyKey: h.idempotencyKey,
  });
}
