import { clearWithdrawalFreeze, reconciliation, withdrawalFreezes } from '@chok/contract/api/admin';
import { memberStatement, memberWallets } from '@chok/contract/api/wallet';
import type { ModuleContext } from '../../platform/module.ts';
import type { WalletDeps } from './deps.ts';
import { clearFreeze, listFreezes } from './freezes.ts';
import { reconcile } from './reconciliation.ts';
import { statement } from './statement.ts';
import { walletsView } from './wallets.ts';

export function walletRoutes({ app, route }: ModuleContext, d: WalletDeps): void {
  route(app, memberWallets, async (ctx) => walletsView(d.db, ctx.member.memberId));
  route(app, memberStatement, async (ctx) => statement(d, ctx.member.memberId, ctx.query));
  route(app, reconciliation, async () => (await reconcile(d.db)).report);
  // Operator: withdrawal freezes set by nightly reconciliation (docs/rules/casino.md §2.6).
  route(app, withdrawalFreezes, async (ctx) => listFreezes(d, ctx.query));
  route(app, clearWithdrawalFreeze, async (ctx) =>
    clearFreeze(d, {
      id: ctx.params.id,
      staffId: ctx.staff.staffId,
      note: ctx.body.note,
      now: d.clock.now(),
    }),
  );
}
