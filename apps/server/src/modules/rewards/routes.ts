import * as api from '@chok/contract/api/rewards';
import type { ModuleContext } from '../../platform/module.ts';
import { freeCreditView } from './free-credit.ts';
import {
  type HoldDeps,
  holdSettingsView,
  listHolds,
  rejectHold,
  releaseHold,
  updateHoldSettings,
} from './holds.ts';

export function rewardRoutes({ app, route }: ModuleContext, d: HoldDeps): void {
  route(app, api.freeCreditProgress, async (ctx) => freeCreditView(d.db, d, d.clock, ctx.member.memberId));
  route(app, api.adminRewardHolds, async (ctx) =>
    listHolds(d.db, ctx.query.status, ctx.query.page, ctx.query.page_size ?? ctx.query.per_page),
  );
  route(app, api.adminRewardHoldSettings, async () => holdSettingsView(d.db));
  route(app, api.adminUpdateRewardHoldSettings, async (ctx) =>
    updateHoldSettings(d.db, ctx.staff.staffId, ctx.body.second_approval),
  );
  route(app, api.adminReleaseRewardHold, async (ctx) => releaseHold(d, ctx.staff.staffId, ctx.params.id));
  route(app, api.adminRejectRewardHold, async (ctx) =>
    rejectHold(d, ctx.staff.staffId, ctx.params.id, ctx.body.reason),
  );
}
