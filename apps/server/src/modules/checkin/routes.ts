import * as api from '@chok/contract/api/checkin';
import type { ModuleContext } from '../../platform/module.ts';
import { monthCalendar } from './calendar.ts';
import { adminSettings, updateSettings } from './settings.ts';
import { type CheckinDeps, stampToday } from './stamp.ts';

export function checkinRoutes({ app, route }: ModuleContext, d: CheckinDeps): void {
  route(app, api.checkinGet, async (ctx) => monthCalendar(d, ctx.member.memberId, ctx.query.month));
  route(app, api.checkinStamp, async (ctx) => stampToday(d, ctx.member.memberId));
  route(app, api.adminCheckinSettings, async () => adminSettings(d.db));
  route(app, api.adminUpdateCheckinSettings, async (ctx) =>
    updateSettings(d.db, ctx.staff.staffId, ctx.body),
  );
}
