import { clearWithdrawalFreeze, reconciliation, withdrawalFreezes } from '@chok/contract/api/admin';
import { memberStatement, memberWallets } from '@chok/contract/api/wallet';
import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from './service.ts';

export function walletRoutes({ app, route, db, clock }: ModuleContext, ledger: Ledger): void {
  route(app, memberWallets, async (ctx) => ledger.wallets(db, ctx.member.memberId));
  route(app, memberStatement, async (ctx) => ledger.statement(db, ctx.member.memberId, ctx.query));
  route(app, reconciliation, async () => ledger.reconcile(db));
  // Operator: withdrawal freezes set by nightly reconciliation (docs/rules/casino.md §2.6).
  route(app, withdrawalFreezes, async (ctx) => ledger.freezes(db, ctx.query));
  route(app, clearWithdrawalFreeze, async (ctx) =>
    ledger.clearFreeze(db, {
      id: ctx.params.id,
      staffId: ctx.staff.staffId,
      note: ctx.body.note,
      now: clock.now(),
    }),
  );
}
