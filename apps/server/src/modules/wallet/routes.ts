import { clearWithdrawalFreeze, withdrawalFreezes } from '@chok/contract/api/admin';
import { memberStatement, memberWallets } from '@chok/contract/api/wallet';
import type { ModuleContext } from '../../app.ts';

export function walletRoutes({ app, route, db, ledger, clock }: ModuleContext): void {
  route(app, memberWallets, async (ctx) => ledger.wallets(db, ctx.member.memberId));
  route(app, memberStatement, async (ctx) => ledger.statement(db, ctx.member.memberId, ctx.query));
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
