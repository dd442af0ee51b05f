import { chainSeed, memberRef, shotHash } from '@chok/engine/lotto/chain';
import { sql } from 'kysely';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { LottoDeps } from './deps.ts';
import { findRound, type RoundRow } from './queries.ts';
import { defaultYeekee } from './settings.ts';

/** When shooting really ends: the nominal close minus the sealed offset, if any. */
export function shootingEndsAt(r: Pick<RoundRow, 'shoot_close_at' | 'seal_offset_ms'>): Date | null {
  return r.shoot_close_at ? new Date(r.shoot_close_at.getTime() - (r.seal_offset_ms ?? 0)) : null;
}

function shootingOpen(r: RoundRow, now: Date): boolean {
  const end = shootingEndsAt(r);
  return (r.status === 'open' || r.status === 'closed') && end !== null && now >= r.open_at && now < end;
}

export function createYeekee(d: LottoDeps) {
  /**
   * One shot (lottery.md §9): under the round's row lock, so `seq` follows commit order and the
   * hash chain's head moves with it. The running sum is never read or sent here.
   */
  async function shoot(memberId: number, ip: string, roundId: number, number: string) {
    const now = d.clock.now();
    return inTransaction(d.db, async (tx) => {
      const r = await findRound(tx, roundId, 'update');
      if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
      if (r.derive_rule !== 'yeekee') throw new AppError('LOTTO_NOT_YEEKEE');
      const y = r.settings.yeekee ?? defaultYeekee;
      if (now < r.open_at || r.status === 'scheduled') throw new AppError('LOTTO_SHOOT_NOT_OPEN');
      if (!shootingOpen(r, now)) throw new AppError('LOTTO_SHOOT_CLOSED');
      const { rows: ipRows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM lotto_shot WHERE ip = ${ip} AND server_ts > ${new Date(now.getTime() - 60_000)} AND server_ts <= ${now}`.execute(
        tx,
      );
      if ((ipRows[0]?.n ?? 0) >= y.shots_per_ip_minute_max)
        throw new AppError('LOTTO_SHOOT_IP_LIMIT', {}, undefined, { cooldown_left: 60 });
      const { rows: mine } = await sql<{ n: number; last: Date | null }>`
        SELECT count(*)::int AS n, max(server_ts) AS last FROM lotto_shot
        WHERE round_id = ${r.id} AND member_id = ${memberId}`.execute(tx);
      const own = mine[0] ?? { n: 0, last: null };
      if (own.n >= y.shots_per_round_max)
        throw new AppError('LOTTO_SHOOT_LIMIT', { max: y.shots_per_round_max });
      if (own.last) {
        const leftMs = own.last.getTime() + y.cooldown_seconds * 1000 - now.getTime();
        if (leftMs > 0) {
          const seconds = Math.ceil(leftMs / 1000);
          throw new AppError('LOTTO_SHOOT_COOLDOWN', { seconds }, undefined, { cooldown_left: seconds });
        }
      }
      const seq = r.shot_count + 1;
      const shot = {
        seq,
        member_ref: memberRef(r.id, memberId),
        number,
        server_ts: now.toISOString(),
      };
      const hash = shotHash(r.chain_head ?? chainSeed(r.market_id, r.business_date, r.round_no), shot);
      await tx
        .insertInto('lotto_shot')
        .values({
          round_id: r.id,
          seq,
          member_id: memberId,
          member_ref: shot.member_ref,
          number,
          server_ts: now,
          hash,
          ip,
        })
        .execute();
      await tx
        .updateTable('lotto_round')
        .set({ shot_count: seq, chain_head: hash })
        .where('id', '=', r.id)
        .execute();
      await d.events.publish(tx, `yeekee:${r.id}`, 'shot_count', { round_id: r.id, count: seq });
      await d.events.publish(tx, `member:${memberId}`, 'yeekee_shot', {
        round_id: r.id,
        seq,
        number,
        server_ts: shot.server_ts,
      });
      return { round_id: r.id, seq, number, server_ts: shot.server_ts, cooldown_seconds: y.cooldown_seconds };
    });
  }

  /** Own shots and the count while shooting is open; the whole hash-chained list once it has ended. */
  async function list(memberId: number | null, roundId: number) {
    const r = await findRound(d.db, roundId);
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    if (r.derive_rule !== 'yeekee') throw new AppError('LOTTO_NOT_YEEKEE');
    const now = d.clock.now();
    const open = shootingOpen(r, now);
    const own =
      memberId === null
        ? []
        : await d.db
            .selectFrom('lotto_shot')
            .select(['seq', 'number', 'server_ts'])
            .where('round_id', '=', r.id)
            .where('member_id', '=', memberId)
            .orderBy('seq', 'desc')
            .limit(100)
            .execute();
    // The full list only once the result exists or the round is void: never while shooting is open.
    const published = r.status === 'resulted' || r.status === 'settled' || r.status === 'cancelled';
    const shots = published
      ? await d.db
          .selectFrom('lotto_shot')
          .select(['seq', 'member_ref', 'number', 'server_ts', 'hash'])
          .where('round_id', '=', r.id)
          .orderBy('seq')
          .execute()
      : null;
    return {
      round_id: r.id,
      status: r.status,
      shooting_open: open,
      shoot_close_at: r.shoot_close_at?.toISOString() ?? null,
      shot_count: r.shot_count,
      own: own.map((s) => ({ seq: s.seq, number: s.number, server_ts: s.server_ts.toISOString() })),
      shots: shots?.map((s) => ({ ...s, server_ts: s.server_ts.toISOString() })) ?? null,
      chain_seed: chainSeed(r.market_id, r.business_date, r.round_no),
      server_now: now.toISOString(),
    };
  }

  /** The business day's yeekee rounds of the given round's market. */
  async function lists(roundId: number) {
    const r = await findRound(d.db, roundId);
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    const rows = await d.db
      .selectFrom('lotto_round')
      .select(['id', 'round_no', 'status', 'close_at', 'shoot_close_at', 'result'])
      .where('market_id', '=', r.market_id)
      .where('business_date', '=', r.business_date)
      .orderBy('round_no')
      .execute();
    return {
      business_date: r.business_date,
      server_now: d.clock.now().toISOString(),
      rounds: rows.map((x) => ({
        round_id: x.id,
        round_no: x.round_no,
        status: x.status as 'open',
        close_at: x.close_at.toISOString(),
        shoot_close_at: x.shoot_close_at?.toISOString() ?? null,
        result: (x.status === 'resulted' || x.status === 'settled' ? x.result : null) as never,
      })),
    };
  }

  return { shoot, list, lists };
}
