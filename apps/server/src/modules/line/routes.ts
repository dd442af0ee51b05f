import * as api from '@chok/contract/api/line';
import type { ModuleContext } from '../../platform/module.ts';
import { rawJsonScope } from '../../platform/raw-json.ts';
import { type LineDeps, lineConfig, linkLine, unlinkLine } from './link.ts';
import { announce, type NotifyDeps, notifySettings, receiveWebhook, saveNotifySettings } from './notify.ts';

export async function lineRoutes({ app, route }: ModuleContext, d: LineDeps, n: NotifyDeps): Promise<void> {
  route(app, api.lineConfig, async (ctx) => lineConfig(d, ctx.maybeMember?.memberId ?? null));
  route(app, api.lineLink, async (ctx) => linkLine(d, ctx.member.memberId, ctx.body.id_token));
  route(app, api.lineUnlink, async (ctx) => unlinkLine(d, ctx.member.memberId));
  route(app, api.lineNotify, async (ctx) => notifySettings(n, ctx.member.memberId));
  route(app, api.lineSaveNotify, async (ctx) => saveNotifySettings(n, ctx.member.memberId, ctx.body));
  route(app, api.lineAnnounce, async (ctx) => announce(n, ctx.staff.staffId, ctx.body.text));

  // The webhook's signature is over the raw bytes: this scope keeps them beside the parsed body.
  await rawJsonScope(app, (scope, raw) => {
    route(scope, api.lineWebhook, async (c) => receiveWebhook(n, raw(c.req), c.req.headers));
  });
}
