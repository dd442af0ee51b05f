import { formatBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import * as q from './reconciliation-queries.ts';

/** The ledger check: member balances against their transfers, and the net of all transfers. */
export async function reconcile(db: Db) {
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

/**
 * Moves the system accounts' snapshots forward (docs/rules/casino.md §2.5), folding in transfers
 * older than `settleMinutes`.
 */
export function rollupSystemBalances(db: Db, settleMinutes?: number): Promise<void> {
  return q.rollupSystemBalances(db, settleMinutes);
}

/**
 * The nightly check (docs/rules/casino.md §2.6): every member whose wallets disagree with their
 * transfers gets a withdrawal freeze until an operator clears it; the finding and each new
 * freeze are audited in the same transaction. Returns the report and the members newly frozen.
 */
export async function reconcileAndFreeze(db: Db, now: Date) {
  // 1. The check.
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
  // 2. The freezes and their audit, in one transaction.
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
}

/**
 * The ledger's drift for the metrics (docs/operations.md, "Metrics and alerts"): member wallets out of
 * line with their transfers, the satang they are off by in all, and the net of every transfer — all
 * three 0 on a healthy ledger. The same reads as the nightly check, so it is asked rarely (the
 * metrics cache it for METRICS_LEDGER_CHECK_SECONDS).
 */
export async function ledgerDrift(db: Db) {
  const [found, net, freezes] = await Promise.all([
    q.balanceMismatches(db),
    q.ledgerNet(db),
    q.openFreezes(db),
  ]);
  return {
    accounts: found.length,
    drift_satang: found.reduce((sum, m) => sum + Math.abs(m.balance - m.derived), 0),
    net_satang: net,
    open_freezes: freezes,
  };
}
