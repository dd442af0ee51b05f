import type { statementKind } from '@chok/contract/api/wallet';
import { formatBaht, type Satang } from '@chok/engine/money';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { describeLine } from './describe.ts';
import { kindsInGroup, type TransferKind, transferKinds } from './kinds.ts';
import * as q from './queries.ts';

/** A ledger account: a member's wallet, or a system account by code (casino.md §2.5). */
export type AccountRef = { member: number; wallet: q.WalletTypeId } | { system: string };

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
}

/**
 * The ledger: the only code that writes balances. Every other module moves money through it,
 * inside the transaction that writes the state the money pays for.
 */
/** A member wallet's balance in satang: the one way other modules read a balance. */
export function memberBalance(ex: Executor, memberId: number, walletTypeId: number): Promise<number> {
  return q.memberBalance(ex, memberId, walletTypeId);
}

export function createLedger() {
  async function resolve(tx: Executor, ref: AccountRef): Promise<{ id: number; member: boolean }> {
    if ('system' in ref) {
      // Looked up (and created on first use) inside the caller's transaction and never cached, so an
      // id is never used after the transaction that created it rolled back.
      const id =
        (await q.findSystemAccountId(tx, ref.system)) ?? (await q.upsertSystemAccount(tx, ref.system));
      return { id, member: false };
    }
    const id = await q.findMemberAccountId(tx, ref.member, ref.wallet);
    if (id === undefined) throw new AppError('WALLET_NOT_FOUND');
    return { id, member: true };
  }

  async function transfer(tx: Tx, t: TransferRequest): Promise<TransferResult> {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw new RangeError(`transfer amount must be positive satang: ${t.amount}`);
    // Both accounts in one round trip; a system account is created on first use (never cached).
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
    const replay = async (): Promise<TransferResult> => {
      const first = await q.findTransferByKey(tx, t.idempotencyKey);
      const same =
        first &&
        first.debit_account_id === debit.id &&
        first.credit_account_id === credit.id &&
        first.amount === t.amount &&
        first.kind === t.kind;
      if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { transferId: first.id, replayed: true };
    };
    if (debit.member !== credit.member) {
      // One member wallet and a system account (every bet, win and refund): claim and move in one
      // statement. The system row is never updated, so there is only one row lock to order.
      const member = debit.member ? { id: debit.id, out: true } : { id: credit.id, out: false };
      const r = await q.insertTransferAndMove(tx, row, member);
      if (r.transferId === undefined) return replay();
      if (!r.moved) {
        if (member.out) throw new AppError('INSUFFICIENT_FUNDS');
        throw new Error(`ledger account ${member.id} not found`);
      }
      return { transferId: r.transferId, replayed: false };
    }
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
    return { transferId, replayed: false };
  }

  /**
   * Many transfers from one account (a system account) to member wallets — a settlement's wins —
   * with the guarantees of `transfer` for each: one row per key, a replay with the same key and the
   * same movement is skipped (a different one is IDEMPOTENCY_CONFLICT), member rows locked in
   * ascending id order. Three statements whatever the count. Returns how many were new.
   */
  async function creditMany(
    tx: Tx,
    c: {
      from: { system: string };
      kind: TransferKind;
      credits: {
        to: { member: number; wallet: q.WalletTypeId };
        amount: Satang;
        reference?: string | null;
        idempotencyKey: string;
      }[];
    },
  ): Promise<{ inserted: number; replayed: number }> {
    if (c.credits.length === 0) return { inserted: 0, replayed: 0 };
    for (const x of c.credits)
      if (!Number.isSafeInteger(x.amount) || x.amount <= 0)
        throw new RangeError(`transfer amount must be positive satang: ${x.amount}`);
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
        const to = await q.findMemberAccountId(tx, x.to.member, x.to.wallet);
        if (
          t.debit_account_id !== from.id ||
          t.credit_account_id !== to ||
          t.amount !== x.amount ||
          t.kind !== c.kind
        )
          throw new AppError('IDEMPOTENCY_CONFLICT');
      }
    }
    const sums = new Map<number, number>();
    for (const r of rows) sums.set(r.credit_account_id, (sums.get(r.credit_account_id) ?? 0) + r.amount);
    await q.creditMemberAccounts(tx, sums);
    return { inserted: rows.length, replayed: skipped.length };
  }

  return {
    transfer,
    creditMany,

    /** Opens the three wallets (main, bonus, free credit) of a new member. */
    openMemberWallets: (tx: Tx, memberId: number) => q.insertMemberWallets(tx, memberId),

    /** Holds a pending withdrawal: main → sys:withdraw_pending. */
    hold: (tx: Tx, h: { memberId: number; amount: Satang; idempotencyKey: string; reference: string }) =>
      transfer(tx, {
        from: { member: h.memberId, wallet: 1 },
        to: { system: 'sys:withdraw_pending' },
        amount: h.amount,
        kind: 'withdraw_hold',
        reference: h.reference,
        idempotencyKey: h.idempotencyKey,
      }),

    /** Releases a held withdrawal back to main (rejected request). */
    release: (tx: Tx, h: { memberId: number; amount: Satang; idempotencyKey: string; reference: string }) =>
      transfer(tx, {
        from: { system: 'sys:withdraw_pending' },
        to: { member: h.memberId, wallet: 1 },
        amount: h.amount,
        kind: 'withdraw_release',
        reference: h.reference,
        idempotencyKey: h.idempotencyKey,
      }),

    /** Pays out a held withdrawal: sys:withdraw_pending → sys:payout. */
    payOutHold: (tx: Tx, h: { amount: Satang; idempotencyKey: string; reference: string }) =>
      transfer(tx, {
        from: { system: 'sys:withdraw_pending' },
        to: { system: 'sys:payout' },
        amount: h.amount,
        kind: 'withdraw_paid',
        reference: h.reference,
        idempotencyKey: h.idempotencyKey,
      }),

    async wallets(ex: Executor, memberId: number) {
      const rows = await q.memberWallets(ex, memberId);
      return rows.map((w) => ({
        id: w.id,
        wallet_name: w.wallet_name,
        balance: formatBaht(w.balance ?? 0),
        wallet_type_id: w.wallet_type_id ?? 1,
      }));
    },

    async reconcile(db: Db) {
      const [mismatches, net, system, count] = await Promise.all([
        q.balanceMismatches(db),
        q.ledgerNet(db),
        q.systemBalances(db),
        q.memberAccountCount(db),
      ]);
      return {
        member_accounts: count,
        mismatches: mismatches.map((m) => ({
          account_id: m.account_id,
          balance: formatBaht(m.balance),
          derived: formatBaht(m.derived),
        })),
        net: formatBaht(net),
        system_balances: system.map((s) => ({ code: s.code, balance: formatBaht(s.balance) })),
      };
    },

    rollupSystemBalances: (db: Db, settle_minutes?: number) => q.rollupSystemBalances(db, settle_minutes),

    async statement(
      ex: Executor,
      memberId: number,
      f: {
        kind?: z.output<typeof statementKind>;
        from?: string;
        to?: string;
        page: number;
        per_page: number;
      },
    ) {
      const { rows, total } = await q.memberStatement(ex, {
        memberId,
        kinds: f.kind ? kindsInGroup(f.kind) : null,
        fromDate: f.from ?? null,
        toDate: f.to ?? null,
        limit: f.per_page,
        offset: (f.page - 1) * f.per_page,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          created_at: r.created_at.toISOString(),
          kind: transferKinds[r.kind].group,
          kind_label: transferKinds[r.kind].label,
          description: describeLine(r),
          direction: r.direction,
          amount: formatBaht(r.amount),
          wallet_type_id: r.wallet_type_id,
          wallet_name: r.wallet_name,
          reference: r.reference,
        })),
        page: f.page,
        per_page: f.per_page,
        total,
      };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
