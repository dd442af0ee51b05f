import { memberStatement, memberWallets } from '@chok/contract/api/wallet';
import type { ModuleContext } from '../../app.ts';

export function walletRoutes({ app, route, db, ledger }: ModuleContext): void {
  route(app, memberWallets, async (ctx) => ledger.wallets(db, ctx.member.memberId));
  route(app, memberStatement, async (ctx) => ledger.statement(db, ctx.member.memberId, ctx.query));
}
