import * as api from '@chok/contract/api/points';
import type { ModuleContext } from '../../platform/module.ts';
import type { AccrualDeps } from './accrual.ts';
import { memberPoints, pointHistory } from './balance.ts';

export function pointRoutes({ app, route }: ModuleContext, d: AccrualDeps): void {
  route(app, api.memberPoints, async (ctx) => memberPoints(d, ctx.member.memberId));
  route(app, api.pointHistory, async (ctx) =>
    pointHistory(d.db, ctx.member.memberId, ctx.query.page, ctx.query.per_page),
  );
}
