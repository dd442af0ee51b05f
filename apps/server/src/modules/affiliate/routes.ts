import * as api from '@chok/contract/api/affiliate';
import type { ModuleContext } from '../../platform/module.ts';
import { type AffiliateDeps, computeDay } from './commission.ts';
import { runsPage } from './commission-queries.ts';
import { commissionHistory, transactions } from './history.ts';
import { network } from './network.ts';
import { configs, summary } from './programme.ts';
import { redeem } from './redeem.ts';
import { affiliateSettings, updateAffiliateSettings } from './settings.ts';
import { runView } from './views.ts';

export function affiliateRoutes({ app, route }: ModuleContext, d: AffiliateDeps): void {
  route(app, api.affiliateConfigs, async (ctx) =>
    configs(d.db, ctx.maybeMember?.memberId ?? null, ctx.query),
  );
  route(app, api.affiliateNetwork, async (ctx) =>
    network(d.db, d.clock.now(), ctx.member.memberId, {
      level: (ctx.body?.level ?? null) as 1 | 2 | null,
      page: ctx.body?.page ?? 1,
      perPage: ctx.body?.per_page ?? 20,
    }),
  );
  route(app, api.affiliateTransactions, async (ctx) =>
    transactions(d.db, ctx.member.memberId, ctx.query.page, ctx.query.per_page),
  );
  route(app, api.affiliateCommissionHistory, async (ctx) =>
    commissionHistory(d.db, ctx.member.memberId, ctx.query.page, ctx.query.per_page),
  );
  route(app, api.affiliateSummary, async (ctx) => summary(d, ctx.member.memberId));
  route(app, api.affiliateRedeem, async (ctx) => redeem(d, ctx.member.memberId, ctx.body?.amount));
  route(app, api.adminAffiliateSettings, async () => affiliateSettings(d.db));
  route(app, api.adminUpdateAffiliateSettings, async (ctx) =>
    updateAffiliateSettings(d.db, ctx.staff.staffId, ctx.body),
  );
  route(app, api.adminAffiliateRerun, async (ctx) =>
    runView(await computeDay(d, ctx.body.date, ctx.staff.staffId)),
  );
  route(app, api.adminAffiliateRuns, async (ctx) => {
    const size = ctx.query.page_size ?? ctx.query.per_page;
    const { items, total } = await runsPage(d.db, size, (ctx.query.page - 1) * size);
    return { items: items.map(runView), total, page: ctx.query.page, page_size: size };
  });
}
