import type { ModuleContext } from '../../platform/module.ts';
import { registerLedgerJobs } from './jobs.ts';
import { walletRoutes } from './routes.ts';
import { createLedger, type Ledger } from './service.ts';

/** Wallets and the ledger (docs/rules/casino.md §1–§2): the only code that moves a balance. */
export async function walletModule(ctx: ModuleContext): Promise<Ledger> {
  const ledger = createLedger();
  walletRoutes(ctx, ledger);
  await registerLedgerJobs(ctx, ledger);
  return ledger;
}
