import { sql } from 'kysely';
import { type Executor, prepared, runPrepared } from '../../platform/db.ts';
import type { RoundRow } from './round-queries.ts';

/** A round as a batch of shots is judged against it, with the shots its limits count. */
export interface ShotState
  extends Pick<
    RoundRow,
    | 'id'
    | 'market_id'
    | 'derive_rule'
    | 'business_date'
    | 'round_no'
    | 'status'
    | 'open_at'
    | 'shoot_close_at'
    | 'seal_offset_ms'
    | 'settings'
    | 'shot_count'
    | 'chain_head'
  > {
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

/** Who and when a batch holds: what its state is read for. */
export interface ShotBatchKeys {
  ips: string[];
  memberIds: number[];
  earliest: Date;
  latest: Date;
}

type ShotStateJson = Omit<ShotState, 'open_at' | 'shoot_close_at'> & {
  open_at: string;
  shoot_close_at: string | null;
};

/** The state as `lotto_shot_state` writes it in JSON (lotto/sql/lotto_shot_state.sql), with its times as dates. */
function shotStateOf(j: ShotStateJson | null): ShotState | undefined {
  if (!j) return undefined;
  return {
    ...j,
    open_at: new Date(j.open_at),
    shoot_close_at: j.shoot_close_at === null ? null : new Date(j.shoot_close_at),
  };
}

const shotStateStatement = prepared<{ s: ShotStateJson | null }>(
  'lotto_shot_state',
  'SELECT lotto_shot_state($1::bigint, $2::text[], $3::int[], $4::timestamptz, $5::timestamptz) AS s',
);

/**
 * What a batch of shots is judged against, in one round trip and without a lock (`lotto_shot_state`,
 * lotto/sql/lotto_shot_state.sql): the round with its shooting token, the shots from these IPs in the window
 * `(earliest, latest]` (any round), each of these members' count and last shot in the round, and
 * their blocks (player protection). `recordShots` writes only if the token holds.
 */
export async function shotState(
  ex: Executor,
  q: { roundId: number } & ShotBatchKeys,
): Promise<ShotState | undefined> {
  const rows = await runPrepared(ex, shotStateStatement, [
    q.roundId,
    q.ips,
    q.memberIds,
    q.earliest,
    q.latest,
  ]);
  return shotStateOf(rows[0]?.s ?? null);
}

export interface NewShot {
  seq: number;
  memberId: number;
  memberRef: string;
  number: string;
  serverTs: string;
  hash: string;
  ip: string;
  /** The member's shots in the round counting this one, and the latest time among them (migration 102). */
  memberN: number;
  memberLast: string;
}

const recordShotsStatement = prepared<{ r: { ok: boolean; next?: ShotStateJson | null } }>(
  'lotto_record_shots_read',
  `SELECT lotto_record_shots_read($1::bigint, $2::text, $3::int, $4::text, $5::int[], $6::int[], $7::text[],
     $8::text[], $9::timestamptz[], $10::text[], $11::text[], $12::int[], $13::timestamptz[], $14::text[],
     $15::int[], $16::timestamptz, $17::timestamptz, $18::text, $19::text[]) AS r`,
);

/**
 * Inserts a batch of shots and moves the round's count and chain head with them, in one round trip
 * that is its own transaction, under the round's FOR UPDATE lock — if the round's token is still
 * `token`. `ok` false: nothing written, the round moved on since it was read. Given the next batch's
 * keys, a written batch also answers that batch's state as its commit leaves it (`next`), read in the
 * same transaction: the next batch needs no read of its own. `notify` (the event bus's
 * `notifications`) goes out with the write: delivered when, and only if, the shots commit.
 */
export async function recordShots(
  ex: Executor,
  roundId: number,
  token: string,
  shots: readonly NewShot[],
  round: { shotCount: number; chainHead: string },
  next: ShotBatchKeys | null,
  notify: { channel: string; payloads: string[] },
): Promise<{ ok: boolean; next: ShotState | undefined }> {
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
    shots.map((a) => a.memberN),
    shots.map((a) => a.memberLast),
    next?.ips ?? null,
    next?.memberIds ?? null,
    next?.earliest ?? null,
    next?.latest ?? null,
    notify.channel,
    notify.payloads,
  ]);
  const r = rows[0]?.r;
  return { ok: r?.ok === true, next: shotStateOf(r?.next ?? null) };
}

/**
 * A member's latest 100 shots in a round, newest first: by the round-and-member key that only
 * `lotto_shot_round_member` answers (migration 100, decision 0081).
 */
export function memberShots(ex: Executor, roundId: number, memberId: number) {
  return ex
    .selectFrom('lotto_shot')
    .select(['seq', 'number', 'server_ts'])
    .where(
      sql`round_id * 4294967296 + member_id`,
      '=',
      sql`${roundId}::bigint * 4294967296 + ${memberId}::int`,
    )
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
