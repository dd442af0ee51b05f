import * as api from '@chok/contract/api/auth';
import type { ModuleContext } from '../../app.ts';

export function memberRoutes({ app, route, services }: ModuleContext): void {
  const { members } = services;
  route(app, api.checkAccount, async (ctx) => members.checkAccount(ctx.body));
  route(app, api.getUserInfo, async (ctx) => members.userInfo(ctx.member.memberId));
  route(app, api.updateSubBankAccount, async (ctx) =>
    members.updateSubBankAccount(ctx.member.memberId, ctx.body.sub_bank_account),
  );
}
