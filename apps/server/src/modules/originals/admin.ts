/**
 * The in-house games for the operator (docs/decisions/0060-console-staff-audit-games.md): the fairness
 * seeds with their published hashes (the server seed only once revealed, docs/rules/casino.md §6.2,
 * §6.6), rotating a player's seed now (§6.7, audited), and the recent rounds (§6.9).
 */
import { formatBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/http.ts';
import { gameNames } from '../games/service.ts';
import { memberRefs } from '../members/service.ts';
import * as q from './admin-queries.ts';
import { rotate } from './fairness.ts';

const paging = (f: { page: number; page_size: number }) => ({
  limit: f.page_size,
  offset: (f.page - 1) * f.page_size,
});

export async function listSeeds(
  db: Db,
  f: {
    page: number;
    page_size: number;
    kind?: 'player' | 'shared' | undefined;
    state?: 'active' | 'next' | 'revealed' | undefined;
    member_id?: number | undefined;
  },
) {
  const { rows, total } = await q.seedPage(
    db,
    { kind: f.kind, state: f.state, memberId: f.member_id },
    paging(f),
  );
  const members = await memberRefs(
    db,
    rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])),
  );
  return {
    items: rows.map((r) => {
      const revealed = r.revealed_at !== null;
      return {
        id: r.id,
        kind: r.member_id === null ? ('shared' as const) : ('player' as const),
        member_id: r.member_id,
        member_phone: r.member_id === null ? null : (members.get(r.member_id)?.phone ?? null),
        table: r.member_id === null ? r.client_seed : null,
        state: revealed
          ? ('revealed' as const)
          : r.activated_at === null
            ? ('next' as const)
            : ('active' as const),
        server_seed_hash: r.server_seed_hash,
        // A seed not yet revealed is shown only as its hash: its server seed never leaves the server.
        server_seed: revealed ? r.server_seed : null,
        client_seed: r.client_seed,
        next_nonce: r.next_nonce,
        created_at: r.created_at.toISOString(),
        activated_at: r.activated_at?.toISOString() ?? null,
        revealed_at: r.revealed_at?.toISOString() ?? null,
      };
    }),
    total,
    page: f.page,
    page_size: f.page_size,
  };
}

/**
 * Rotates a player's active seed, as the member's own rotation does (keeping their client seed).
 * A shared seed (a shoe, a fixture) is not rotated by hand: it is revealed when its shoe closes or
 * its fixture settles.
 */
export async function rotatePlayerSeed(d: { db: Db; clock: Clock }, by: StaffPrincipal, seedId: number) {
  const now = d.clock.now();
  return inTransaction(d.db, async (tx) => {
    const seed = await q.lockActivePlayerSeed(tx, seedId);
    if (!seed?.member_id) throw new AppError('FAIR_SEED_NOT_ROTATABLE');
    const r = await rotate(tx, seed.member_id, undefined, now);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: 'games.seed_rotate',
      entity: 'fair_seed',
      entityId: seedId,
      before: { server_seed_hash: r.revealed.server_seed_hash, nonce: r.revealed.nonce },
      after: {
        member_id: seed.member_id,
        revealed_server_seed: r.revealed.server_seed,
        active_server_seed_hash: r.next.server_seed_hash,
        next_server_seed_hash: r.next.next_server_seed_hash,
      },
    });
    return {
      revealed: {
        id: seedId,
        server_seed: r.revealed.server_seed,
        server_seed_hash: r.revealed.server_seed_hash,
      },
      active_server_seed_hash: r.next.server_seed_hash,
      next_server_seed_hash: r.next.next_server_seed_hash,
    };
  });
}

export async function listRounds(
  db: Db,
  f: {
    page: number;
    page_size: number;
    game_id?: number | undefined;
    member_id?: number | undefined;
    status?: 'open' | 'settled' | 'refunded' | undefined;
  },
) {
  const { rows, total } = await q.roundPage(
    db,
    { gameId: f.game_id, memberId: f.member_id, status: f.status },
    paging(f),
  );
  const [games, members] = await Promise.all([
    gameNames(
      db,
      rows.map((r) => r.game_id),
    ),
    memberRefs(
      db,
      rows.map((r) => r.member_id),
    ),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      member_id: r.member_id,
      member_phone: members.get(r.member_id)?.phone ?? null,
      game_id: r.game_id,
      game_name: games.get(r.game_id) ?? '',
      wallet_type_id: r.wallet_type_id,
      stake: formatBaht(r.stake),
      payout: r.payout === null ? null : formatBaht(r.payout),
      status: r.status as 'open' | 'settled' | 'refunded',
      server_seed_hash: r.server_seed_hash,
      client_seed: r.client_seed,
      nonce: r.nonce,
      created_at: r.created_at.toISOString(),
      settled_at: r.settled_at?.toISOString() ?? null,
    })),
    total,
    page: f.page,
    page_size: f.page_size,
  };
}
