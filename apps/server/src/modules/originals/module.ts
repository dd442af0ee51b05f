import * as api from '@chok/contract/api/games';
import { formatBaht } from '@chok/engine/money';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { SeamlessWallet } from '../games/service.ts';
import { artOf } from './art.ts';
import { createBaccarat, roomOfGame } from './baccarat.ts';
import { playerSeed, rotate } from './fairness.ts';
import { createFootball } from './football.ts';
import { createInstantGames } from './instant-games.ts';
import { createRounds } from './rounds.ts';
import { createPlaySessions } from './sessions.ts';

function rounds(ex: Executor) {
  return ex
    .selectFrom('game_round as r')
    .innerJoin('game as g', 'g.id', 'r.game_id')
    .innerJoin('fair_seed as f', 'f.id', 'r.seed_id')
    .select([
      'r.id',
      'g.code',
      'g.name',
      'r.stake',
      'r.payout',
      'r.status',
      'r.created_at',
      'r.server_seed_hash',
      'r.client_seed',
      'r.nonce',
      'r.detail',
      'r.outcome',
      'f.server_seed',
      'f.revealed_at',
    ]);
}
type RoundRow = Awaited<ReturnType<ReturnType<typeof rounds>['execute']>>[number];
const roundView = (r: RoundRow) => ({
  id: r.id,
  game_id: r.code,
  game_name: r.name,
  stake: formatBaht(r.stake),
  payout: r.payout === null ? null : formatBaht(r.payout),
  status: r.status,
  created_at: r.created_at.toISOString(),
  server_seed_hash: r.server_seed_hash,
  client_seed: r.client_seed,
  nonce: r.nonce,
  server_seed: r.revealed_at ? r.server_seed : null,
  detail: r.detail,
  outcome: r.outcome,
});

/** In-house games (docs/rules/casino.md §5), paid through the games module's seamless wallet. */
export async function originalsModule(ctx: ModuleContext, deps: { seamless: SeamlessWallet }): Promise<void> {
  const { app, route, db, clock } = ctx;
  const sessions = createPlaySessions({
    clock,
    wallet: deps.seamless,
    memberSession: {
      idleMinutes: ctx.config.SESSION_IDLE_MINUTES,
      absoluteHours: ctx.config.SESSION_ABSOLUTE_HOURS,
    },
  });
  const roundsService = createRounds({ clock, wallet: deps.seamless });
  const instant = createInstantGames({ db, sessions, rounds: roundsService });
  const baccarat = createBaccarat({ db, clock, sessions, rounds: roundsService });
  const football = createFootball({ db, clock, sessions, rounds: roundsService });

  route(app, api.originalsSession, async (c) => {
    const now = clock.now();
    return inTransaction(db, async (tx) => {
      const { session, play } = await sessions.open(tx, c.body.token, c.body.demo);
      let balance: number;
      let walletName = 'เครดิตทดลองเล่น';
      let fair = null;
      if (play.kind === 'real') {
        const w = await tx
          .selectFrom('ledger_account as a')
          .innerJoin('wallet_type as t', 't.id', 'a.wallet_type_id')
          .select(['a.balance', 't.name'])
          .where('a.member_id', '=', play.memberId)
          .where('a.wallet_type_id', '=', play.walletTypeId)
          .executeTakeFirstOrThrow();
        balance = w.balance ?? 0;
        walletName = w.name;
        const seed = await playerSeed(tx, play.memberId, now);
        fair = {
          server_seed_hash: seed.server_seed_hash,
          client_seed: seed.client_seed,
          nonce: seed.next_nonce,
          next_server_seed_hash: seed.next_server_seed_hash,
        };
      } else {
        balance = play.balance;
      }
      return {
        session,
        game: { game_id: play.game.code, name: play.game.name, categories: play.game.categories },
        demo: play.kind === 'demo',
        balance: formatBaht(balance),
        wallet_name: walletName,
        fair,
        server_time: now.toISOString(),
      };
    });
  });

  route(app, api.slotSpinCall, async (c) => instant.spin(c.body.session, c.body.bet, c.body.buy));
  route(app, api.fishShoot, async (c) =>
    instant.shoot(c.body.session, c.body.bet, c.body.fish, clock.now().getTime()),
  );
  route(app, api.baccaratTable, async (c) => {
    const s = await sessions.resolve(db, c.body.session);
    const room = c.body.room_id ?? roomOfGame(s.game.code);
    return baccarat.table(c.body.session, room);
  });
  route(app, api.baccaratBet, async (c) =>
    baccarat.bet(c.body.session, c.body.hand_id, c.body.position, c.body.amount),
  );
  route(app, api.footballBoard, async (c) => football.board(c.body.session));
  route(app, api.footballBet, async (c) =>
    football.bet(c.body.session, c.body.fixture_id, c.body.selection, c.body.amount),
  );

  route(app, api.originalsHistory, async (c) => {
    const s = await sessions.resolve(db, c.body.session);
    if (s.kind === 'demo') return [];
    const rows = await rounds(db)
      .where('r.member_id', '=', s.memberId)
      .orderBy('r.id', 'desc')
      .limit(c.body.limit)
      .execute();
    return rows.map(roundView);
  });

  route(app, api.fairRotate, async (c) => {
    const s = await sessions.resolve(db, c.body.session);
    if (s.kind === 'demo') throw new AppError('GAME_SESSION_INVALID');
    return inTransaction(db, (tx) => rotate(tx, s.memberId, c.body.client_seed, clock.now()));
  });

  route(app, api.fairRound, async (c) => {
    const row = await rounds(db).where('r.id', '=', c.query.id).executeTakeFirst();
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    return roundView(row);
  });

  // Game art for the lobby (SVG, cached for a day).
  app.get('/games/art/:name', async (req, reply) => {
    const name = (req.params as { name: string }).name.replace(/\.svg$/, '');
    const svg = artOf(name);
    if (!svg) return reply.status(404).send({ error: 1004, message: 'ไม่พบข้อมูลที่ต้องการ', data: null });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  // Shared tables: a job deals baccarat every 30 s and opens/settles football fixtures; the minute
  // sweep does the same, and every read advances the table too, so a missed job only delays.
  const tick = async () => {
    const now = clock.now();
    await baccarat.advanceAll(now);
    await football.advance(now);
  };
  await ctx.jobs.schedule('originals-sweep', '* * * * *', tick);
  await ctx.jobs.work(
    'originals-deal',
    async () => {
      await tick();
      const at = baccarat.nextDealAt(clock.now());
      await ctx.jobs.send('originals-deal', {}, { at, singletonKey: `deal:${at.getTime()}` });
    },
    { fastPoll: true },
  );
  await ctx.jobs.send('originals-deal', {}, { singletonKey: 'deal:start' });
}
