import type { ContentKind } from '@chok/contract/api/admin';
import * as admin from '@chok/contract/api/admin';
import * as api from '@chok/contract/api/content';
import { banks } from '@chok/contract/banks';
import type { ModuleContext } from '../../platform/module.ts';
import type { ContentService } from './service.ts';

export function contentRoutes({ app, route }: ModuleContext, content: ContentService): void {
  route(app, api.agentConfig, async (ctx) => content.agentConfig(ctx.body?.agent_code));
  route(app, api.validateAgent, async (ctx) => content.validateAgent(ctx.query.code));
  route(app, api.agentBankAccounts, async () => content.bankAccounts());
  route(app, api.agentTrueMoneyAccounts, async () => content.trueMoneyAccounts());
  route(app, api.notifications, async (ctx) => content.notifications(ctx.query.agent_code));
  route(app, api.banners, async (ctx) => content.banners(ctx.query.agent_code));
  route(app, api.events, async (ctx) => content.events(ctx.query.agent_code));
  route(app, api.promotions, async (ctx) => content.promotions(ctx.query.agent_code));
  route(app, api.banks, async () =>
    banks.map((b) => ({ code: b.code, short: b.short, name: b.name, usual_length: b.usualLength })),
  );

  route(app, admin.updateAgentConfig, async (ctx) => content.updateAgentConfig(ctx.body, ctx.staff.staffId));
  const crud = <K extends ContentKind>(kind: K) => {
    const e = admin.contentAdmin[kind] as ReturnType<typeof admin.contentEndpoints<K>>;
    route(app, e.list, async () => content.list(kind));
    route(app, e.create, async (ctx) => content.create(kind, ctx.body, ctx.staff.staffId));
    route(app, e.update, async (ctx) => content.update(kind, ctx.params.id, ctx.body, ctx.staff.staffId));
  };
  crud('notifications');
  crud('banners');
  crud('events');
  crud('promotions');
  crud('bank_accounts');
  crud('true_money_accounts');
}
