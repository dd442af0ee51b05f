import * as api from '@chok/contract/api/wheel';
import type { ModuleContext } from '../../platform/module.ts';
import { listSpins } from './admin.ts';
import { board } from './board.ts';
import { claimPrize } from './credit.ts';
import { configV1, configV2, spinHistory, spinV1, spinV2, type WheelDeps } from './spins.ts';
import { listVersions, publishVersion } from './versions.ts';

export function wheelRoutes({ app, route }: ModuleContext, d: WheelDeps): void {
  route(app, api.wheelConfigV2, async (ctx) => configV2(d, ctx.member.memberId));
  route(app, api.wheelConfig, async (ctx) => configV1(d, ctx.member.memberId));
  route(app, api.wheelSpinV2, async (ctx) => spinV2(d, ctx.member.memberId, ctx.body.pay));
  // v1 without a payment choice: the free spin only (docs/rules/engagement.md §9 rule 5).
  route(app, api.wheelSpin, async (ctx) => spinV1(d, ctx.member.memberId, ctx.body.pay ?? 'free'));
  route(app, api.wheelReward, async (ctx) => claimPrize(d, ctx.member.memberId, ctx.body.spin_id));
  route(app, api.wheelBoard, async () => board(d.db));
  route(app, api.wheelHistory, async (ctx) => spinHistory(d, ctx.member.memberId, ctx.query));
  route(app, api.adminWheelVersions, async () => listVersions(d.db));
  route(app, api.adminCreateWheelVersion, async (ctx) => publishVersion(d.db, ctx.staff.staffId, ctx.body));
  route(app, api.adminWheelSpins, async (ctx) => listSpins(d.db, ctx.query));
}
