import * as reports from '@chok/contract/api/admin-rewards';
import * as api from '@chok/contract/api/cashback';
import type { ModuleContext } from '../../platform/module.ts';
import { rerunDay } from './day-run.ts';
import { lossHistory, turnoverHistory } from './history.ts';
import { cashbackStatus, claimCashback } from './loss-claim.ts';
import type { CashbackDeps } from './pay.ts';
import { cashbackDayList, cashbackPayoutList } from './reports.ts';
import { cashbackSettingsView, updateCashbackSettings } from './settings.ts';
import { memberWinloss } from './winloss.ts';

export function cashbackRoutes({ app, route }: ModuleContext, d: CashbackDeps): void {
  route(app, api.lossStatus, async (ctx) => cashbackStatus(d, ctx.member.memberId));
  route(app, api.lossHistory, async (ctx) => lossHistory(d, ctx.member.memberId, ctx.query));
  route(app, api.lossClaim, async (ctx) => claimCashback(d, ctx.member.memberId, 'loss', ctx.body.day));
  route(app, api.lottoClaim, async (ctx) => claimCashback(d, ctx.member.memberId, 'lotto', ctx.body.day));
  route(app, api.turnoverHistory, async (ctx) => turnoverHistory(d, ctx.member.memberId, ctx.query));
  route(app, api.memberWinloss, async (ctx) => memberWinloss(d, ctx.member.memberId, ctx.query.days));
  route(app, api.adminCashbackSettings, async () => cashbackSettingsView(d.db));
  route(app, api.adminUpdateCashbackSettings, async (ctx) =>
    updateCashbackSettings(d.db, ctx.staff.staffId, ctx.body),
  );
  route(app, api.adminCashbackRerun, async (ctx) =>
    rerunDay(d, ctx.staff.staffId, ctx.body.kind, ctx.body.day),
  );
  route(app, reports.adminCashbackDays, async (ctx) => cashbackDayList(d, ctx.query));
  route(app, reports.adminCashbackPayouts, async (ctx) => cashbackPayoutList(d, ctx.query));
}
