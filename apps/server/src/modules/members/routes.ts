import * as api from '@chok/contract/api/auth';
import type { ModuleContext } from '../../platform/module.ts';
import type { MembersService } from './service.ts';

export function memberRoutes({ app, route }: ModuleContext, members: MembersService): void {
  route(app, api.checkAccount, async (ctx) => members.checkAccount(ctx.body));
  route(app, api.getUserInfo, async (ctx) => members.userInfo(ctx.member.memberId));
  route(app, api.updateSubBankAccount, async (ctx) =>
    members.updateSubBankAccount(ctx.member.memberId, ctx.body.sub_bank_account),
  );
}
