import { formatBaht } from '@chok/engine/money';
import type { RoundWithGame } from './games-queries.ts';

/** A round as the member checks it: the server seed only once revealed (docs/rules/casino.md §6). */
export function roundView(r: RoundWithGame) {
  return {
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
  };
}
