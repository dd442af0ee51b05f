import type { ContentKind } from '@chok/contract/api/admin';
import * as admin from '@chok/contract/api/admin';
import * as adminRewards from '@chok/contract/api/admin-rewards';
import * as api from '@chok/contract/api/content';
import { banks } from '@chok/contract/banks';
import type { ModuleContext } from '../../platform/module.ts';
import { adminAgentConfig, agentConfig, updateAgentConfig, validateAgent } from './agent.ts';
import type { ContentDeps } from './deps.ts';
import { create, list, update } from './editing.ts';
import { bankAccounts, banners, events, notifications, trueMoneyAccounts } from './published.ts';

export function contentRoutes({ app, route }: ModuleContext, d: ContentDeps): void {
  route(app, api.agentConfig, async (ctx) => agentConfig(d, ctx.body?.agent_code));
  route(app, api.validateAgent, async (ctx) => validateAgent(d, ctx.query.code));
  route(app, api.agentBankAccounts, async () => bankAccounts(d));
  route(app, api.agentTrueMoneyAccounts, async () => trueMoneyAccounts(d));
  route(app, api.notifications, async (ctx) => notifications(d, ctx.query.agent_code));
  route(app, api.banners, async (ctx) => banners(d, ctx.query.agent_code));
  route(app, api.events, async (ctx) => events(d, ctx.query.agent_code));
  // GET /api/promotion/list is served by payments, which owns the deposit rules and eligibility.
  route(app, api.banks, async () =>
    banks.map((b) => ({ code: b.code, short: b.short, name: b.name, usual_length: b.usualLength })),
  );

  route(app, adminRewards.adminAgentConfig, async () => adminAgentConfig(d));
  route(app, admin.updateAgentConfig, async (ctx) => updateAgentConfig(d, ctx.body, ctx.staff.staffId));
  const crud = <K extends ContentKind>(kind: K) => {
    const e = admin.contentAdmin[kind] as ReturnType<typeof admin.contentEndpoints<K>>;
    route(app, e.list, async () => list(d, kind));
    route(app, e.create, async (ctx) => create(d, kind, ctx.body, ctx.staff.staffId));
    route(app, e.update, async (ctx) => update(d, kind, ctx.params.id, ctx.body, ctx.staff.staffId));
  };
  crud('notifications');
  crud('banners');
  crud('events');
  crud('promotions');
  crud('bank_accounts');
  crud('true_money_accounts');
}
