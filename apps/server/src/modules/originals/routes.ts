import * as adminApi from '@chok/contract/api/admin-games';
import * as api from '@chok/contract/api/games';
import type { ModuleContext } from '../../platform/module.ts';
import { listRounds, listSeeds, rotatePlayerSeed } from './admin.ts';
import { artOf } from './art.ts';
import type { OriginalsDeps } from './deps.ts';
import { fairRound, rotateSeed, roundHistory } from './fair-rounds.ts';
import { openSession } from './open-session.ts';

/** The in-house games' endpoints: each one contract endpoint → one use case. */
export function originalsRoutes({ app, route }: ModuleContext, d: OriginalsDeps): void {
  route(app, api.originalsSession, async (c) => openSession(d, c.body));
  route(app, api.slotSpinCall, async (c) => d.instant.spin(c.body.session, c.body.bet, c.body.buy));
  route(app, api.fishShoot, async (c) => d.instant.shoot(c.body.session, c.body.bet, c.body.fish));
  route(app, api.baccaratTable, async (c) => d.baccarat.table(c.body.session, c.body.room_id));
  route(app, api.baccaratBet, async (c) =>
    d.baccarat.bet(c.body.session, c.body.hand_id, c.body.position, c.body.amount),
  );
  route(app, api.footballBoard, async (c) => d.football.board(c.body.session));
  route(app, api.footballBet, async (c) =>
    d.football.bet(c.body.session, c.body.fixture_id, c.body.selection, c.body.amount),
  );
  route(app, api.originalsHistory, async (c) => roundHistory(d, c.body.session, c.body.limit));
  route(app, api.fairRotate, async (c) => rotateSeed(d, c.body.session, c.body.client_seed));
  route(app, api.fairRound, async (c) => fairRound(d, c.query.id));

  // The operator's view of seeds and rounds (owner).
  route(app, adminApi.fairSeedsAdmin, async (c) => listSeeds(d.db, c.query));
  route(app, adminApi.rotateFairSeed, async (c) => rotatePlayerSeed(d, c.staff, c.params.id));
  route(app, adminApi.gameRoundsAdmin, async (c) => listRounds(d.db, c.query));

  // Game art for the lobby (SVG, cached for a day).
  app.get('/games/art/:name', async (req, reply) => {
    const name = (req.params as { name: string }).name.replace(/\.svg$/, '');
    const svg = artOf(name);
    if (!svg) return reply.status(404).send({ error: 1004, message: 'ไม่พบข้อมูลที่ต้องการ', data: null });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
