import * as console from '@chok/contract/api/admin-members';
import { parseBaht } from '@chok/engine/money';
import type { ModuleContext } from '../../platform/module.ts';
import { setWithdrawCap } from '../payments/service.ts';
import * as c from './members.ts';

/** The operator console's member pages (its Members section). */
export function memberRoutes({ app, route, db, clock }: ModuleContext): void {
  const d = { db, clock };
  route(app, console.searchMembers, async (ctx) => c.searchMembers(d, ctx.query));
  route(app, console.memberDetail, async (ctx) => c.memberDetail(d, ctx.params.id));
  route(app, console.memberLedger, async (ctx) => c.memberLedger(d, ctx.params.id, ctx.query));
  route(app, console.memberBills, async (ctx) => c.memberBills(d, ctx.params.id, ctx.query));
  route(app, console.memberRounds, async (ctx) => c.memberRounds(d, ctx.params.id, ctx.query));
  route(app, console.memberDeposits, async (ctx) => c.memberDeposits(d, ctx.params.id, ctx.query));
  route(app, console.memberWithdrawals, async (ctx) => c.memberWithdrawals(d, ctx.params.id, ctx.query));
  route(app, console.memberRewards, async (ctx) => c.memberRewards(d, ctx.params.id, ctx.query));
  route(app, console.memberDownline, async (ctx) => c.memberDownline(d, ctx.params.id, ctx.query));
  route(app, console.memberNotes, async (ctx) => c.memberNotes(d, ctx.params.id, ctx.query));
  route(app, console.addMemberNote, async (ctx) =>
    c.addMemberNote(d, ctx.staff.staffId, ctx.params.id, ctx.body.body),
  );
  route(app, console.setMemberWithdrawCap, async (ctx) =>
    setWithdrawCap(d, {
      staffId: ctx.staff.staffId,
      memberId: ctx.params.id,
      capSatang: ctx.body.daily_cap === null ? null : parseBaht(ctx.body.daily_cap),
      reason: ctx.body.reason,
    }),
  );
}
