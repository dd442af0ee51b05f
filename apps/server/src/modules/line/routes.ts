import * as api from '@chok/contract/api/line';
import type { ModuleContext } from '../../platform/module.ts';
import { type LineDeps, lineConfig, linkLine, unlinkLine } from './link.ts';

export function lineRoutes({ app, route }: ModuleContext, d: LineDeps): void {
  route(app, api.lineConfig, async (ctx) => lineConfig(d, ctx.maybeMember?.memberId ?? null));
  route(app, api.lineLink, async (ctx) => linkLine(d, ctx.member.memberId, ctx.body.id_token));
  route(app, api.lineUnlink, async (ctx) => unlinkLine(d, ctx.member.memberId));
}
