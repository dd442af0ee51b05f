import * as admin from '@chok/contract/api/admin';
import * as api from '@chok/contract/api/auth';
import type { ModuleContext } from '../../platform/module.ts';
import { updateMemberBank } from './admin.ts';
import { checkAccount, type MembersDeps, updateSubBankAccount, userInfo } from './profile.ts';

export function memberRoutes({ app, route }: ModuleContext, d: MembersDeps): void {
  route(app, api.checkAccount, async (ctx) => checkAccount(d, ctx.body));
  route(app, api.getUserInfo, async (ctx) => userInfo(d, ctx.member.memberId));
  route(app, api.updateSubBankAccount, async (ctx) =>
    updateSubBankAccount(d, ctx.member.memberId, ctx.body.sub_bank_account),
  );
  route(app, admin.updateMemberBank, async (ctx) =>
    updateMemberBank(d, ctx.staff.staffId, ctx.params.id, ctx.body),
  );
}
