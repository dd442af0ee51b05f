import { sql } from 'kysely';
import type { Executor, Tx } from '../../platform/db.ts';

/**
 * What a batch of shots is judged against, in one round trip: the shots from these IPs in the
 * window `(earliest, latest]` (any round), and each of these members' count and last shot in the round.
 */
export async function recentShots(
  tx: Tx,
  q: { roundId: number; ips: string[]; memberIds: number[]; earliest: Date; latest: Date },
): Promise<{ by_ip: { ip: string; ts: string }[]; mine: { member_id: number; n: number; last: string }[] }> {
  const { rows } = await sql<{
    by_ip: { ip: string; ts: string }[];
    mine: { member_id: number; n: number; last: string }[];
  }>`
      SELECT
        (SELECT coalesce(json_agg(json_build_object('ip', ip, 'ts', server_ts)), '[]'::json) FROM lotto_shot
         WHERE ip = ANY(${q.ips}::text[]) AND server_ts > ${q.earliest} AND server_ts <= ${q.latest}) AS by_ip,
        (SELECT coalesce(json_agg(json_build_object('member_id', member_id, 'n', n, 'last', last)), '[]'::json)
         FROM (SELECT member_id, count(*)::int AS n, max(server_ts) AS last FROM lotto_shot
               WHERE round_id = ${q.roundId} AND member_id = ANY(${q.memberIds}::int[]) GROUP BY member_id) m) AS mine`.execute(
    tx,
  );
  return rows[0]!;
}

export interface NewShot {
  seq: number;
  memberId: number;
  memberRef: string;
  number: string;
  serverTs: string;
  hash: string;
  ip: string;
}

/** Inserts a batch of shots and moves the round's count and chain head with them, in one statement. */
export async function insertShots(
  tx: Tx,
  roundId: number,
  shots: readonly NewShot[],
  round: { shotCount: number; chainHead: string },
): Promise<void> {
  await sql`
      WITH ins AS (
        INSERT INTO lotto_shot (round_id, seq, member_id, member_ref, number, server_ts, hash, ip)
        SELECT ${roundId}, v.seq, v.member_id, v.member_ref, v.number, v.server_ts, v.hash, v.ip
        FROM unnest(${shots.map((a) => a.seq)}::int[], ${shots.map((a) => a.memberId)}::int[],
          ${shots.map((a) => a.memberRef)}::text[], ${shots.map((a) => a.number)}::text[],
          ${shots.map((a) => a.serverTs)}::timestamptz[], ${shots.map((a) => a.hash)}::text[],
          ${shots.map((a) => a.ip)}::text[]) AS v(seq, member_id, member_ref, number, server_ts, hash, ip))
      UPDATE lotto_round SET shot_count = ${round.shotCount}, chain_head = ${round.chainHead} WHERE id = ${roundId}`.execute(
    tx,
  );
}

/** A member's latest 100 shots in a round, newest first. */
export function memberShots(ex: Executor, roundId: number, memberId: number) {
  return ex
    .selectFrom('lotto_shot')
    .select(['seq', 'number', 'server_ts'])
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .orderBy('seq', 'desc')
    .limit(100)
    .execute();
}

/** Every shot of a round in seq order, with the hash chain (published once shooting has ended). */
export function roundShots(ex: Executor, roundId: number) {
  return ex
    .selectFrom('lotto_shot')
    .select(['seq', 'member_ref', 'number', 'server_ts', 'hash'])
    .where('round_id', '=', roundId)
    .orderBy('seq')
    .execute();
}

/** A market's rounds of one business day, by round number. */
export function marketDayRounds(ex: Executor, marketId: number, businessDate: string) {
  return ex
    .selectFrom('lotto_round')
    .select(['id', 'round_no', 'status', 'close_at', 'shoot_close_at', 'result'])
    .where('market_id', '=', marketId)
    .where('business_date', '=', businessDate)
    .orderBy('round_no')
    .execute();
}
