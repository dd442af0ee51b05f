import type { ModuleContext } from '../../platform/module.ts';
import type { SeamlessWallet } from '../games/service.ts';
import { createBaccarat } from './baccarat.ts';
import type { OriginalsDeps } from './deps.ts';
import { createFootball } from './football.ts';
import { createInstantGames } from './instant-games.ts';
import { createRounds } from './rounds.ts';
import { originalsRoutes } from './routes.ts';
import { createPlaySessions } from './sessions.ts';

/** In-house games (docs/rules/casino.md §5), paid through the games module's seamless wallet. */
export async function originalsModule(ctx: ModuleContext, deps: { seamless: SeamlessWallet }): Promise<void> {
  const { db, clock } = ctx;
  const sessions = createPlaySessions({
    clock,
    wallet: deps.seamless,
    memberSession: {
      idleMinutes: ctx.config.SESSION_IDLE_MINUTES,
      absoluteHours: ctx.config.SESSION_ABSOLUTE_HOURS,
    },
  });
  const rounds = createRounds({ clock, wallet: deps.seamless });
  const d: OriginalsDeps = {
    db,
    clock,
    sessions,
    instant: createInstantGames({ db, clock, sessions, rounds }),
    baccarat: createBaccarat({ db, clock, sessions, rounds, events: ctx.events }),
    football: createFootball({ db, clock, sessions, rounds }),
  };
  originalsRoutes(ctx, d);

  // Shared tables: a job deals baccarat every 30 s and opens/settles football fixtures; the minute
  // sweep does the same, and every read advances the table too, so a missed job only delays.
  const tick = async () => {
    const now = clock.now();
    await d.baccarat.advanceAll(now);
    await d.football.advance(now);
  };
  await ctx.jobs.schedule('originals-sweep', '* * * * *', tick);
  await ctx.jobs.work(
    'originals-deal',
    async () => {
      await tick();
      const at = d.baccarat.nextDealAt(clock.now());
      await ctx.jobs.send('originals-deal', {}, { at, singletonKey: `deal:${at.getTime()}` });
    },
    { fastPoll: true },
  );
  await ctx.jobs.send('originals-deal', {}, { singletonKey: 'deal:start' });
}
