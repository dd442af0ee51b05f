import * as api from '@chok/contract/api/line';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../platform/module.ts';
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
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(req, raw);
      try {
        done(null, raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {});
      } catch (err) {
        (err as { statusCode?: number }).statusCode = 400;
        done(err as Error, undefined);
      }
    });
    route(scope, api.lineWebhook, async (c) =>
      receiveWebhook(n, rawBodies.get(c.req) ?? Buffer.alloc(0), c.req.headers),
    );
  });
}
