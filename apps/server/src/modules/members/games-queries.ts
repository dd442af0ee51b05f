import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The games module's statements that join the member row (docs/architecture.md, "Tables have one
 * owner": a hot path that must join another module's table in one statement keeps that statement in
 * the owner's folder, in a file named for its caller).
 */

export interface SessionProbe {
  id: number;
  wallet_type_id: number;
  member_status: string;
  allowed: boolean;
}

/**
 * One round trip for the common debit: finds the member's live session with this provider (8 h
 * absolute, idle limit), touches it, and claims the debit's key when the session may bet. Returns
 * the session probe and whether the key was claimed by this call.
 */
export async function claimDebit(
  ex: Executor,
  d: {
    provider: string;
    player: string;
    memberId: number;
    txId: string;
    roundId: string;
    game: string;
    amount: number;
    fingerprint: Buffer;
    now: Date;
    idleSince: Date;
  },
): Promise<{ session: SessionProbe | null; claimed: { id: number; wallet_type_id: number } | null }> {
  const { rows } = await sql<{
    session: SessionProbe | null;
    claimed: { id: number; wallet_type_id: number } | null;
  }>`
    WITH s AS (
      SELECT gs.id, gs.wallet_type_id, m.status AS member_status,
        EXISTS (SELECT 1 FROM game g JOIN game_wallet_category c ON c.category = ANY (g.categories)
                WHERE g.id = gs.game_id AND c.wallet_type_id = gs.wallet_type_id)
        AND (played.id IS NULL OR EXISTS (
                SELECT 1 FROM game g JOIN game_wallet_category c ON c.category = ANY (g.categories)
                WHERE g.id = played.id AND c.wallet_type_id = gs.wallet_type_id)) AS allowed
      FROM game_session gs JOIN member m ON m.id = gs.member_id
        JOIN game sg ON sg.id = gs.game_id
        LEFT JOIN game played ON played.provider_id = ${d.provider} AND played.code = ${d.game}
      WHERE gs.member_id = ${d.memberId} AND gs.provider_id = ${d.provider} AND gs.closed_at IS NULL
        AND gs.expires_at > ${d.now} AND gs.last_seen_at > ${d.idleSince}
      -- The session of the game debited first (its wallet was chosen for it), else the newest; and
      -- the wallet must be allowed for the session's game and the debited one (docs/rules/casino.md §1, §3.4).
      ORDER BY (sg.code = ${d.game}) DESC, gs.id DESC LIMIT 1
    ), ok AS (
      SELECT * FROM s WHERE allowed AND member_status = 'active'
    ), touch AS (
      -- Touched on every debit, so the 30-minute idle limit counts from the last one exactly (measured:
      -- no cost to the callbacks bench, docs/decisions/0012 fourth session).
      UPDATE game_session SET last_seen_at = ${d.now}
      WHERE id = (SELECT id FROM ok) AND last_seen_at < ${d.now}::timestamptz
    ), ins AS (
      INSERT INTO wallet_op (provider_id, player_id, provider_tx_id, op_class, op, member_id, wallet_type_id,
        session_id, round_id, game_code, amount, fingerprint, status, state)
      SELECT ${d.provider}, ${d.player}, ${d.txId}, 'tx', 'debit', ${d.memberId}, ok.wallet_type_id,
        ok.id, ${d.roundId}, ${d.game}, ${d.amount}, ${d.fingerprint}, 'OK', 'open'
      FROM ok
      ON CONFLICT DO NOTHING
      RETURNING id, wallet_type_id
    )
    SELECT (SELECT row_to_json(s) FROM s) AS session, (SELECT row_to_json(ins) FROM ins) AS claimed`.execute(
    ex,
  );
  return rows[0] ?? { session: null, claimed: null };
}
