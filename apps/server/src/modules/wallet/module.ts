import type { ModuleContext } from '../../platform/module.ts';
import type { WalletDeps } from './deps.ts';
import { registerLedgerJobs } from './jobs.ts';
import { createLedger } from './ledger.ts';
import { walletRoutes } from './routes.ts';
import type { Ledger } from './service.ts';

/**
 * Wallets and the ledger (docs/rules/casino.md §1–§2): the only code that moves a balance. The
 * wallet imports no other module; the two reads it needs of other modules' tables arrive in `deps`.
 */
export async function walletModule(
  ctx: ModuleContext,
  deps: Pick<WalletDeps, 'memberRefs' | 'gameNames'>,
): Promise<Ledger> {
  const ledger = createLedger();
  walletRoutes(ctx, { db: ctx.db, clock: ctx.clock, ...deps });
  await registerLedgerJobs(ctx, ledger);
  return ledger;
}
