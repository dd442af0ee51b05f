import type { ModuleContext } from '../../app.ts';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';

/**
 * Ledger upkeep (casino.md §2.5–2.6): system-account snapshots roll forward every hour, and every
 * night the ledger is reconciled; a mismatch is logged as an error and written to the audit log for
 * the operator.
 */
export async function registerLedgerJobs(ctx: ModuleContext): Promise<void> {
  const { db, ledger, jobs, app } = ctx;
  await jobs.schedule('ledger-rollup', '7 * * * *', () => ledger.rollupSystemBalances(db));
  await jobs.schedule('ledger-reconcile', '30 3 * * *', async () => {
    const report = await ledger.reconcile(db);
    if (report.mismatches.length === 0 && report.net === '0.00') return;
    app.log.error({ report }, 'ledger reconciliation found mismatches');
    await inTransaction(db, (tx) =>
      appendAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'ledger.mismatch',
        entity: 'ledger',
        entityId: null,
        after: report,
      }),
    );
  });
}
