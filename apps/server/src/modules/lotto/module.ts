import client from 'prom-client';
import type { ModuleContext } from '../../platform/module.ts';
import type { Connectors } from '../connectors/service.ts';
import type { Ledger } from '../wallet/service.ts';
import type { LottoDeps } from './deps.ts';
import { fetchOfficialResult, GLO_CONNECTOR, queueFeedFetches } from './glo-results.ts';
import { lottoRoutes } from './routes.ts';
import { queueYeekeeDraws, tick } from './scheduler.ts';
import { createLotto, type Lotto } from './service.ts';
import { drawYeekee } from './settlement.ts';
import { createShooter } from './yeekee.ts';

/** The lottery (docs/rules/lottery.md): routes, the shooting queue, and the jobs that move rounds on. */
export async function lottoModule(
  ctx: ModuleContext,
  collaborators: { ledger: Ledger; connectors: Connectors },
): Promise<Lotto> {
  const { clock, jobs } = ctx;
  const groupSizes = new client.Histogram({
    name: 'chok_lotto_bill_group_size',
    help: 'Bills placed together in one transaction (docs/rules/lottery.md §7, bills in groups)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [ctx.app.metrics.registry],
  });
  const deps: LottoDeps = {
    db: ctx.db,
    ledger: collaborators.ledger,
    events: ctx.events,
    jobs,
    clock,
    config: ctx.config,
    connectors: collaborators.connectors,
    onBillGroup: (size) => groupSizes.observe(size),
  };
  collaborators.connectors.register({
    code: GLO_CONNECTOR,
    label: 'ผลสลากกินแบ่งรัฐบาล (สำนักงานสลากกินแบ่งรัฐบาล)',
    kind: 'results',
    secrets: [],
    configured: async () => Boolean(ctx.config.GLO_RESULTS_URL),
  });
  lottoRoutes(ctx, deps, createShooter(deps));

  // Jobs only trigger the sweep (and precise yeekee draws); a missed job is caught by the next tick.
  await jobs.work<{ round_id: number }>(
    'lotto.yeekee.draw',
    async (job) => {
      await drawYeekee(deps, job.round_id, clock.now());
    },
    { fastPoll: true },
  );
  // The official GLO feed: one try per job; "not yet" is recorded with its backoff and the sweep below
  // queues the next try when it falls due (docs/rules/lottery.md §8).
  await jobs.work<{ round_id: number }>('lotto.results.fetch', async (job) => {
    await fetchOfficialResult(deps, job.round_id);
  });
  await jobs.schedule('lotto.tick', '* * * * *', async () => {
    const now = clock.now();
    await tick(deps, now);
    await queueYeekeeDraws(deps, now);
    await queueFeedFetches(deps, now);
  });
  if (jobs.enabled) await tick(deps, clock.now());
  return createLotto(deps);
}
