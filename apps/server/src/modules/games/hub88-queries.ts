import type { Executor } from '../../platform/db.ts';
import { HUB88_PROVIDER } from './hub88-protocol.ts';

/** SQL of the Hub88 adapter (docs/rules/casino.md §8): the game session a token names, the synced catalogue. */

export interface TokenSession {
  id: number;
  member_id: number;
  wallet_type_id: number;
  live: boolean;
}

/** The Hub88 game session opened with this token (its hash), and whether it is still live now. */
export async function sessionOfToken(
  ex: Executor,
  tokenHash: Buffer,
  now: Date,
  idleSince: Date,
): Promise<TokenSession | undefined> {
  const row = await ex
    .selectFrom('game_session')
    .select(({ and, eb }) => [
      'id',
      'member_id',
      'wallet_type_id',
      and([eb('closed_at', 'is', null), eb('expires_at', '>', now), eb('last_seen_at', '>', idleSince)]).as(
        'live',
      ),
    ])
    .where('provider_id', '=', HUB88_PROVIDER)
    .where('token_hash', '=', tokenHash)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, live: Boolean(row.live) };
}

/** Whether a stake with this transaction id is already stored for the player (a retry is answered). */
export async function hasStoredTx(ex: Executor, player: string, txId: string): Promise<boolean> {
  const row = await ex
    .selectFrom('wallet_op')
    .select('id')
    .where('provider_id', '=', HUB88_PROVIDER)
    .where('player_id', '=', player)
    .where('provider_tx_id', '=', txId)
    .where('op_class', '=', 'tx')
    .executeTakeFirst();
  return row !== undefined;
}

/** The Hub88 provider row: created on the first sync; `launch_url` marks its games as launched through Hub88. */
export async function ensureHub88Provider(ex: Executor): Promise<void> {
  await ex
    .insertInto('game_provider')
    .values({ id: HUB88_PROVIDER, name: 'Hub88', launch_url: 'hub88:', secret: null, sort_order: 10 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface SyncedGame {
  code: string;
  name: string;
  image: string;
  categories: string[];
  live_dealer: boolean;
  demo_allowed: boolean;
  mobile_support: boolean;
  sub_provider_id: string;
  sub_provider_name: string;
  supplier_enabled: boolean;
  blocked_countries: string[];
}

/**
 * Upserts one page of the supplier's list. A new game starts active at the end of the order; a known
 * one gets the supplier's facts only — the owner's is_active, sort_order and is_hot are never written.
 */
export async function upsertSyncedGames(ex: Executor, games: SyncedGame[], now: Date): Promise<void> {
  if (games.length === 0) return;
  const max = await ex
    .selectFrom('game')
    .select(({ fn }) => fn.max('sort_order').as('m'))
    .where('provider_id', '=', HUB88_PROVIDER)
    .executeTakeFirst();
  const base = (max?.m ?? -1) + 1;
  await ex
    .insertInto('game')
    .values(
      games.map((g, i) => ({ ...g, provider_id: HUB88_PROVIDER, sort_order: base + i, synced_at: now })),
    )
    .onConflict((oc) =>
      oc.columns(['provider_id', 'code']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        image: eb.ref('excluded.image'),
        categories: eb.ref('excluded.categories'),
        live_dealer: eb.ref('excluded.live_dealer'),
        demo_allowed: eb.ref('excluded.demo_allowed'),
        mobile_support: eb.ref('excluded.mobile_support'),
        sub_provider_id: eb.ref('excluded.sub_provider_id'),
        sub_provider_name: eb.ref('excluded.sub_provider_name'),
        supplier_enabled: eb.ref('excluded.supplier_enabled'),
        blocked_countries: eb.ref('excluded.blocked_countries'),
        synced_at: eb.ref('excluded.synced_at'),
      })),
    )
    .execute();
}

/** Games the last list no longer named: the supplier withdrew them (kept for history, not shown). */
export async function withdrawUnlisted(ex: Executor, syncedAt: Date): Promise<void> {
  await ex
    .updateTable('game')
    .set({ supplier_enabled: false })
    .where('provider_id', '=', HUB88_PROVIDER)
    .where((eb) => eb.or([eb('synced_at', 'is', null), eb('synced_at', '<', syncedAt)]))
    .execute();
}
