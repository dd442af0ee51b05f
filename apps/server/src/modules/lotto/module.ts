import * as api from '@chok/contract/api/lotto';
import { ValidationError } from '../../platform/http.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import type { LottoDeps } from './deps.ts';
import { dueYeekeeDraws } from './scheduler.ts';
import { createLotto, type Lotto } from './service.ts';

/** Registers the lotto module: routes and jobs. */
export async function lottoModule(ctx: ModuleContext, deps: { ledger: Ledger }): Promise<Lotto> {
  const { app, route, clock } = ctx;
  const lottoDeps: LottoDeps = {
    db: ctx.db,
    ledger: deps.ledger,
    events: ctx.events,
    jobs: ctx.jobs,
    clock,
    config: ctx.config,
  };
  const lotto = createLotto(lottoDeps);
  const { bills, views, yeekee, settlement } = lotto;

  // The lobby alone answers with `status: 0` (spec §7); `error: 0` rides along for generic clients.
  app.route({
    method: api.lobby.method,
    url: api.lobby.path,
    handler: async (req) => {
      const q = api.lobby.query!.safeParse(req.query ?? {});
      if (!q.success) throw new ValidationError(true, { query: q.error.issues[0]?.message ?? 'invalid' });
      return { status: 0, error: 0, message: '', data: await views.lobby() };
    },
  });
  route(app, api.rounds, async (c) => views.rounds(c.query.category_id));
  route(app, api.round, async (c) => views.round(c.query.round_id));
  route(app, api.rule, async (c) => views.rule(c.query.round_id));
  route(app, api.roundRate, async (c) => views.rate(c.query.round_id));
  route(app, api.rates, async (c) => views.rates(c.query.category_id));
  route(app, api.limit, async (c) => views.limit(c.query.round_id));
  route(app, api.result, async (c) => views.result(c.query.round_id));
  route(app, api.results, async (c) => views.results(c.query.date));
  route(app, api.yeekeeList, async (c) => yeekee.list(c.maybeMember?.memberId ?? null, c.query.round_id));
  route(app, api.yeekeeLists, async (c) => yeekee.lists(c.query.round_id));
  route(app, api.shootNumber, async (c) =>
    yeekee.shoot(c.member.memberId, c.ip, c.body.round_id, c.body.number),
  );
  route(app, api.billValidate, async (c) => bills.validate(c.member.memberId, c.body));
  route(app, api.billCreate, async (c) => bills.create(c.member.memberId, c.body, c.idempotencyKey));
  route(app, api.billCancel, async (c) => bills.cancel(c.member.memberId, c.body.bill_id));
  route(app, api.billList, async (c) => bills.list(c.member.memberId, c.query));
  route(app, api.billDetail, async (c) => bills.detail(c.member.memberId, c.query.bill_id));
  route(app, api.lottoWallets, async (c) => bills.wallets(c.member.memberId));

  route(app, api.adminRounds, async (c) => views.adminRounds(c.query));
  route(app, api.adminEnterResult, async (c) =>
    settlement.enterResult(c.params.id, c.body.raw, c.body.reason, c.staff.staffId),
  );
  route(app, api.adminCancelRound, async (c) =>
    settlement.cancelRound(c.params.id, c.body.reason, { type: 'staff', id: c.staff.staffId }),
  );
  route(app, api.adminCloseRound, async (c) =>
    lotto.closeRoundNow(c.params.id, c.body.reason, c.staff.staffId),
  );
  route(app, api.adminNumberLimit, async (c) => lotto.setNumberLimit(c.params.id, c.body, c.staff.staffId));

  // Jobs only trigger the sweep (and precise yeekee draws); a missed job is caught by the next tick.
  await ctx.jobs.work<{ round_id: number }>(
    'lotto.yeekee.draw',
    async (job) => {
      await settlement.drawYeekee(job.round_id, clock.now());
    },
    { fastPoll: true },
  );
  await ctx.jobs.schedule('lotto.tick', '* * * * *', async () => {
    const now = clock.now();
    await lotto.tick(now);
    for (const y of await dueYeekeeDraws(lottoDeps, now, 90_000))
      if (y.at > now)
        await ctx.jobs.send(
          'lotto.yeekee.draw',
          { round_id: y.id },
          { at: y.at, singletonKey: `yeekee-draw-${y.id}` },
        );
  });
  if (ctx.jobs.enabled) await lotto.tick(clock.now());
  return lotto;
}
