import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from './service.ts';

/**
 * The nightly reconciliation (docs/rules/casino.md §2.6): a mismatch is logged as an error,
 * audited, and freezes the withdrawals of each member whose wallets are out of line until an
 * operator clears it.
 */
export async function nightlyReconciliation(
  ctx: Pick<ModuleContext, 'db' | 'app' | 'clock'>,
  ledger: Ledger,
) {
  const { report, frozen } = await ledger.reconcileAndFreeze(ctx.db, ctx.clock.now());
  if (report.mismatches.length > 0 || report.net !== '0.00')
    ctx.app.log.error({ report, frozen }, 'ledger reconciliation found mismatches; withdrawals frozen');
  return { report, frozen };
}

/** Ledger upkeep (docs/rules/casino.md §2.5–2.6): system snapshots every hour, reconciliation nightly. */
export async function registerLedgerJobs(ctx: ModuleContext, ledger: Ledger): Promise<void> {
  const { db, jobs } = ctx;
  await jobs.schedule('ledger-rollup', '7 * * * *', () => ledger.rollupSystemBalances(db));
  await jobs.schedule('ledger-reconcile', '30 3 * * *', async () => {
    await nightlyReconciliation(ctx, ledger);
  });
}
