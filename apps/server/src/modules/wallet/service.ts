import type { statementKind } from '@chok/contract/api/wallet';
import { formatBaht, type Satang, satang } from '@chok/engine/money';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, type Executor, inTransaction, type Tx } from '../../platform/db.ts';
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
  /** Taken back from this credit for the member's debt, in the same transaction (0 when none). */
  recovered: Satang;
}

/**
 * Where a recovered debt goes. The only member debt today is a corrected lottery win the wallet
 * could not cover (docs/rules/lottery.md §8.3), owed to the lottery house account.
 */
const DEBT_CREDITOR = { system: 'sys:lotto' } as const;

/**
 * The ledger: the only code that writes balances. Every other module moves money through it,
 * inside the transaction that writes the state the money pays for.
 */
/** A member wallet's balance in satang: the one way other modules read a balance. */
export function memberBalance(ex: Executor, memberId: number, walletTypeId: number): Promise<number> {
  return q.memberBalance(ex, memberId, walletTypeId);
}

/** Locks a member's wallets (ascending id, the ledger's order) and returns their balances by wallet type. */
export function lockMemberWallets(tx: Tx, memberId: number, walletTypeIds: readonly q.WalletTypeId[]) {
  return q.lockMemberWallets(tx, memberId, walletTypeIds);
}

/** What a member still owes from corrected lottery results, in satang (docs/rules/lottery.md §8.3). */
export function outstandingDebt(ex: Executor, memberId: number): Promise<number> {
  return q.outstandingDebt(ex, memberId);
}

/** The member's open reconciliation freeze, if any (docs/rules/casino.md §2.6). */
export function withdrawalFreeze(ex: Executor, memberId: number) {
  return q.openFreeze(ex, memberId);
}

const NONE = 0 as Satang;

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
      return { transferId: first.id, replayed: true, recovered: NONE };
    };
    // A credit to a member's main wallet first pays back what the member owes (docs/rules/lottery.md §8.3).
    const debtor = 'member' in t.to && t.to.wallet === 1 ? t.to.member : null;
    if (debit.member !== credit.member) {
      // One member wallet and a system account (every bet, win and refund): claim and move in one
      // statement, which also tells whether a credited member owes. The system row is never
      // updated, so there is only one row lock to order.
      const member = debit.member ? { id: debit.id, out: true } : { id: credit.id, out: false };
      const r = await q.insertTransferAndMove(tx, row, member, debtor);
      if (r.transferId === undefined) return replay();
      if (!r.moved) {
        if (member.out) throw new AppError('INSUFFICIENT_FUNDS');
        throw new Error(`ledger account ${member.id} not found`);
      }
      const recovered =
        r.owes && debtor !== null ? await recoverDebt(tx, debtor, t.amount, t.idempotencyKey) : NONE;
      return { transferId: r.transferId, replayed: false, recovered };
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
    const recovered =
      debtor !== null && (await q.owes(tx, debtor))
        ? await recoverDebt(tx, debtor, t.amount, t.idempotencyKey)
        : NONE;
    return { transferId, replayed: false, recovered };
  }

  /**
   * Takes up to `available` (a credit just made to the member's main wallet, which therefore holds
   * it) back for the member's open debts, oldest first, in the credit's transaction. The debt rows
   * are locked, so two concurrent credits never recover the same satang; each recovery is keyed by
   * debt and credit, and runs only for a credit that was new (a replay recovers nothing again).
   */
  async function recoverDebt(tx: Tx, memberId: number, available: number, creditKey: string) {
    let left = available;
    for (const debt of await q.lockOpenDebts(tx, memberId)) {
      const take = Math.min(left, debt.amount - debt.recovered);
      if (take <= 0) break;
      await transfer(tx, {
        from: { member: memberId, wallet: 1 },
        to: DEBT_CREDITOR,
        amount: satang(take),
        kind: 'debt_recovery',
        reference: `lotto:debt:${debt.id}`,
        idempotencyKey: `lotto:debt:${debt.id}:${creditKey}`,
      });
      await q.addRecovered(tx, debt.id, take);
      left -= take;
    }
    return satang(available - left);
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
  ): Promise<{ inserted: number; replayed: number; recovered: number }> {
    if (c.credits.length === 0) return { inserted: 0, replayed: 0, recovered: 0 };
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
    const debtors = await q.creditMemberAccounts(tx, sums);
    // Members who owe (rare) pay back from each new credit to their main wallet, as `transfer` does.
    let recovered = 0;
    for (const r of rows) {
      const memberId = debtors.get(r.credit_account_id);
      if (memberId !== undefined) recovered += await recoverDebt(tx, memberId, r.amount, r.idempotency_key);
    }
    return { inserted: rows.length, replayed: skipped.length, recovered };
  }

  /** The ledger check: member balances against their transfers, and the net of all transfers. */
  async function reconcile(db: Db) {
    const [found, net, system, count] = await Promise.all([
      q.balanceMismatches(db),
      q.ledgerNet(db),
      q.systemBalances(db),
      q.memberAccountCount(db),
    ]);
    const report = {
      member_accounts: count,
      mismatches: found.map((m) => ({
        account_id: m.account_id,
        member_id: m.member_id,
        wallet_type_id: m.wallet_type_id,
        balance: formatBaht(m.balance),
        derived: formatBaht(m.derived),
      })),
      net: formatBaht(net),
      system_balances: system.map((s) => ({ code: s.code, balance: formatBaht(s.balance) })),
    };
    return { found, report };
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

    reconcile: async (db: Db) => (await reconcile(db)).report,

    rollupSystemBalances: (db: Db, settle_minutes?: number) => q.rollupSystemBalances(db, settle_minutes),

    /**
     * The nightly check (docs/rules/casino.md §2.6): every member whose wallets disagree with their
     * transfers gets a withdrawal freeze until an operator clears it; the finding and each new
     * freeze are audited in the same transaction. Returns the report and the members newly frozen.
     */
    async reconcileAndFreeze(db: Db, now: Date) {
      const { found, report } = await reconcile(db);
      const byMember = new Map<number, q.FreezeDetail>();
      for (const m of found) {
        const detail = byMember.get(m.member_id) ?? { accounts: [] };
        detail.accounts.push({
          account_id: m.account_id,
          wallet_type_id: m.wallet_type_id,
          balance: m.balance,
          derived: m.derived,
        });
        byMember.set(m.member_id, detail);
      }
      if (report.mismatches.length === 0 && report.net === '0.00') return { report, frozen: [] };
      const frozen = await inTransaction(db, async (tx) => {
        const rows = await q.insertFreezes(
          tx,
          [...byMember].map(([memberId, detail]) => ({ memberId, detail })),
          now,
        );
        await appendAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'ledger.mismatch',
          entity: 'ledger',
          entityId: null,
          after: { ...report, frozen_members: rows.map((r) => r.member_id) },
        });
        for (const r of rows)
          await appendAudit(tx, {
            actorType: 'system',
            actorId: null,
            action: 'wallet.withdrawal_freeze',
            entity: 'member',
            entityId: r.member_id,
            after: { freeze_id: r.id, reason: 'reconciliation', ...byMember.get(r.member_id) },
          });
        return rows.map((r) => r.member_id);
      });
      return { report, frozen };
    },

    /** Reconciliation freezes for the operator: open ones, or cleared ones as history. */
    async freezes(ex: Executor, f: { status: 'open' | 'cleared'; member_id?: number; limit: number }) {
      const rows = await q.freezes(ex, {
        open: f.status === 'open',
        memberId: f.member_id ?? null,
        limit: f.limit,
      });
      return rows.map(freezeView);
    },

    /** An operator lifts a member's freeze (audited); one not open answers WITHDRAW_FREEZE_NOT_OPEN. */
    clearFreeze(db: Db, c: { id: number; staffId: number; note: string; now: Date }) {
      return inTransaction(db, async (tx) => {
        const row = await q.clearFreeze(tx, c);
        if (!row) throw new AppError('WITHDRAW_FREEZE_NOT_OPEN');
        await appendAudit(tx, {
          actorType: 'staff',
          actorId: c.staffId,
          action: 'wallet.withdrawal_freeze_cleared',
          entity: 'member',
          entityId: row.member_id,
          before: { freeze_id: row.id, cleared_at: null },
          after: { freeze_id: row.id, cleared_at: c.now, note: c.note },
        });
        const [view] = await q.freezes(tx, { open: false, id: row.id, limit: 1 });
        return freezeView(view!);
      });
    },

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

function freezeView(r: Awaited<ReturnType<typeof q.freezes>>[number]) {
  const detail = r.detail as unknown as q.FreezeDetail;
  return {
    id: r.id,
    member_id: r.member_id,
    phone: r.phone,
    reason: r.reason,
    reason_label: 'ยอดกระเป๋าไม่ตรงกับรายการบัญชี (ตรวจสอบประจำคืน)',
    accounts: (detail.accounts ?? []).map((a) => ({
      account_id: a.account_id,
      wallet_type_id: a.wallet_type_id,
      balance: formatBaht(a.balance),
      derived: formatBaht(a.derived),
    })),
    created_at: r.created_at.toISOString(),
    cleared_at: r.cleared_at?.toISOString() ?? null,
    cleared_by: r.cleared_by,
    clear_note: r.clear_note,
  };
}

export type Ledger = ReturnType<typeof createLedger>;

// ── For other modules (issue 10, added by the payments/games/originals refactor; additive) ──
// (main's service.ts exports the wallet types and memberWallet from the same files; only the
// transferIdByKey line is this branch's own.)

/** Games: a replayed provider call's transfer id (caller-named query file). */
export { transferIdByKey } from './games-queries.ts';
export {
  BONUS_WALLET,
  FREE_CREDIT_WALLET,
  isWalletTypeId,
  MAIN_WALLET,
  WALLET_TYPES,
  type WalletTypeId,
} from './wallet-types.ts';
export { type MemberWallet, memberWallet } from './wallets.ts';
