import type { statementKind } from '@chok/contract/api/wallet';
import type { z } from 'zod';
import type { GameOperationKey, WalletDeps } from './deps.ts';
import { kindsInGroup } from './kinds.ts';
import * as q from './statement-queries.ts';
import { statementItemView } from './views.ts';

/** The seamless wallet keys a game's transfers `game:<provider>:<player>:<tx|rb>:<provider tx id>`. */
const GAME_KEY = /^game:([^:]+):([^:]+):(?:tx|rb):([\s\S]+)$/;

function gameKeyOf(idempotencyKey: string): GameOperationKey | null {
  const m = GAME_KEY.exec(idempotencyKey);
  return m ? { provider_id: m[1]!, player_id: m[2]!, provider_tx_id: m[3]! } : null;
}

const keyText = (k: GameOperationKey) => JSON.stringify([k.provider_id, k.player_id, k.provider_tx_id]);

/**
 * One page of a member's statement (`POST /api/member/statement`): newest first, filtered by kind
 * group and Bangkok dates. A game's bet, win or refund also names the game from the catalogue, read
 * for the page's game lines only.
 */
export async function statement(
  d: Pick<WalletDeps, 'db' | 'gameNames'>,
  memberId: number,
  f: { kind?: z.output<typeof statementKind>; from?: string; to?: string; page: number; per_page: number },
) {
  // 1. The page and the total.
  const { rows, total } = await q.memberStatement(d.db, {
    memberId,
    kinds: f.kind ? kindsInGroup(f.kind) : null,
    fromDate: f.from ?? null,
    toDate: f.to ?? null,
    limit: f.per_page,
    offset: (f.page - 1) * f.per_page,
  });
  // 2. The games of the page's game lines.
  const keys = rows.map((r) => gameKeyOf(r.idempotency_key));
  const wanted = keys.filter((k): k is GameOperationKey => k !== null);
  const names = new Map(
    (wanted.length > 0 ? await d.gameNames(d.db, wanted) : []).map((g) => [keyText(g), g.name]),
  );
  // 3. Lines in the member's words.
  return {
    items: rows.map((r, i) => {
      const key = keys[i];
      return statementItemView({ ...r, game_name: key ? (names.get(keyText(key)) ?? null) : null });
    }),
    page: f.page,
    per_page: f.per_page,
    total,
  };
}
