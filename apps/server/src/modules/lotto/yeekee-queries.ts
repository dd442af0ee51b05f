import { type Executor, plannedEachTime, prepared, runPrepared } from '../../platform/db.ts';
import { shotBlocksSql } from '../protection/service.ts';
import { ROUND_COLUMNS, type RoundRow } from './round-queries.ts';

/** A round as a batch of shots is judged against it, with the shots its limits count. */
export interface ShotState extends RoundRow {
  /** The round's shooting token (count, status, times, rules): the write checks it is unchanged. */
  token: string;
  /**
   * Shots from the batch's IPs in `(earliest, latest]`, any round, per IP: `core` counts those in
   * `(latest − 60 s, earliest + 60 s]`, which lie in the last minute of every shot of the batch; `ts`
   * lists the others, for each shot to count itself (docs/rules/lottery.md §9, the per-IP limit).
   */
  by_ip: { ip: string; core: number; ts: string[] }[];
  /** Each of the batch's members' shot count and last shot in the round. */
  mine: { member_id: number; n: number; last: string }[];
  /** The batch's members' time-outs and self-exclusions on record (in force or not). */
  blocks: { member_id: number; kind: 'timeout' | 'exclusion'; until: string | null }[];
}

// Planned for each batch: a named statement's generic plan for these arrays measured twice as costly.
const shotStateStatement = plannedEachTime<ShotState>(
  `SELECT ${ROUND_COLUMNS}, lotto_shot_token(r) AS token,
     (SELECT coalesce(json_agg(json_build_object('ip', g.ip, 'core', g.core, 'ts', g.ts)), '[]'::json)
      FROM (SELECT s.ip, count(*) FILTER (WHERE c.core)::int AS core,
                   coalesce(json_agg(s.server_ts) FILTER (WHERE NOT c.core), '[]'::json) AS ts
            FROM lotto_shot s
            CROSS JOIN LATERAL (SELECT s.server_ts > $5::timestamptz - interval '60 seconds'
                                  AND s.server_ts <= $4::timestamptz + interval '60 seconds' AS core) c
            WHERE s.ip = ANY($2::text[]) AND s.server_ts > $4::timestamptz AND s.server_ts <= $5::timestamptz
            GROUP BY s.ip) g) AS by_ip,
     (SELECT coalesce(json_agg(json_build_object('member_id', x.member_id, 'n', x.n, 'last', x.last)), '[]'::json)
      FROM (SELECT s.member_id, count(*)::int AS n, max(s.server_ts) AS last FROM lotto_shot s
            WHERE s.round_id = $1::bigint AND s.member_id = ANY($3::int[]) GROUP BY s.member_id) x) AS mine,
     ${shotBlocksSql('$3::int[]')} AS blocks
   FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
   WHERE r.id = $1::bigint`,
);

/**
 * What a batch of shots is judged against, in one round trip and without a lock: the round with its
 * shooting token, the shots from these IPs in the window `(earliest, latest]` (any round), each
 * of these members' count and last shot in the round, and their blocks (player protection).
 * `recordShots` writes only if the token holds.
 */
export async function shotState(
  ex: Executor,
  q: { roundId: number; ips: string[]; memberIds: number[]; earliest: Date; latest: Date },
): Promise<ShotState | undefined> {
  const rows = await runPrepared(ex, shotStateStatement, [
    q.roundId,
    q.ips,
    q.memberIds,
    q.earliest,
    q.latest,
  ]);
  return rows[0];
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

const recordShotsStatement = prepared<{ ok: boolean }>(
  'lotto_record_shots',
  `SELECT lotto_record_shots($1::bigint, $2::text, $3::int, $4::text, $5::int[], $6::int[], $7::text[],
     $8::text[], $9::timestamptz[], $10::text[], $11::text[]) AS ok`,
);

/**
 * Inserts a batch of shots and moves the round's count and chain head with them, in one round trip
 * that is its own transaction, under the round's FOR UPDATE lock — if the round's token is still
 * `token`. False: nothing written, the round moved on since it was read.
 */
export async function recordShots(
  ex: Executor,
  roundId: number,
  token: string,
  shots: readonly NewShot[],
  round: { shotCount: number; chainHead: string },
): Promise<boolean> {
  const rows = await runPrepared(ex, recordShotsStatement, [
    roundId,
    token,
    round.shotCount,
    round.chainHead,
    shots.map((a) => a.seq),
    shots.map((a) => a.memberId),
    shots.map((a) => a.memberRef),
    shots.map((a) => a.number),
    shots.map((a) => a.serverTs),
    shots.map((a) => a.hash),
    shots.map((a) => a.ip),
  ]);
  return rows[0]?.ok === true;
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
