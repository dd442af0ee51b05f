import { blockActive } from '@chok/engine/engagement/protection';
import { chainSeed, memberRef, shotHash } from '@chok/engine/lotto/chain';
import { AppError } from '../../platform/errors.ts';
import { nativeSha256Hex } from '../../platform/hash.ts';
import { blockedError } from '../protection/service.ts';
import type { LottoDeps } from './deps.ts';
import { findRound, type RoundRow } from './round-queries.ts';
import { defaultYeekee } from './settings.ts';
import { createShotIpWindow } from './shot-ip-window.ts';
import {
  marketDayRounds,
  memberShots,
  type NewShot,
  recordShots,
  roundShots,
  type ShotBatchKeys,
  type ShotState,
  shotState,
} from './yeekee-queries.ts';

/** Yeekee: shooting numbers and reading a round's shots (docs/rules/lottery.md §9). */

/** When shooting really ends: the nominal close minus the sealed offset, if any. */
export function shootingEndsAt(r: Pick<RoundRow, 'shoot_close_at' | 'seal_offset_ms'>): Date | null {
  return r.shoot_close_at ? new Date(r.shoot_close_at.getTime() - (r.seal_offset_ms ?? 0)) : null;
}

function shootingOpen(
  r: Pick<RoundRow, 'status' | 'open_at' | 'shoot_close_at' | 'seal_offset_ms'>,
  now: Date,
): boolean {
  const end = shootingEndsAt(r);
  return (r.status === 'open' || r.status === 'closed') && end !== null && now >= r.open_at && now < end;
}

interface ShotRequest {
  memberId: number;
  ip: string;
  number: string;
  /** The clock when the shot arrived: its server_ts and the time its limits are judged at. */
  now: Date;
  resolve: (r: ShotAck) => void;
  reject: (err: unknown) => void;
}

export interface ShotAck {
  round_id: number;
  seq: number;
  number: string;
  server_ts: string;
  cooldown_seconds: number;
}

/**
 * The live count goes out at most this often per round and process: counts are coalesced, not sent
 * per shot (decision 0011).
 */
const COUNT_EVERY_MS = 250;
/** At most this many shots share one transaction. */
const SHOT_BATCH_MAX = 500;

/**
 * The process's shooting queue: one per app, since shots of a round that arrive together share a
 * transaction and the live count is paced per process.
 */
export function createShooter(d: LottoDeps) {
  const lastCount = new Map<number, number>();
  const trailing = new Map<number, { count: number; timer: NodeJS.Timeout }>();

  /**
   * After a batch committed: makes sure the round's topic hears its count within COUNT_EVERY_MS even
   * when the batch itself did not publish it (a later count replaces an earlier one).
   */
  function countAfterCommit(roundId: number, count: number, published: boolean) {
    const t = trailing.get(roundId);
    if (published) {
      // This count went out with the commit: an older trailing one is no longer needed.
      if (t && t.count <= count) {
        clearTimeout(t.timer);
        trailing.delete(roundId);
      }
      return;
    }
    if (t) {
      t.count = Math.max(t.count, count);
      return;
    }
    const entry = {
      count,
      timer: setTimeout(() => {
        trailing.delete(roundId);
        // Wall time on purpose: the count's broadcast rate, measured like the timer that sends it.
        lastCount.set(roundId, Date.now());
        void d.events
          .publish(d.db, `yeekee:${roundId}`, 'shot_count', { round_id: roundId, count: entry.count })
          .catch(() => {});
      }, COUNT_EVERY_MS),
    };
    entry.timer.unref();
    trailing.set(roundId, entry);
  }

  /** Shots waiting for their round's next transaction, and whether one is running, per round. */
  const queues = new Map<number, { waiting: ShotRequest[]; running: boolean }>();
  /** Other rounds' shots a read may have missed, for the per-IP limit (shot-ip-window.ts). */
  const ipWindow = createShotIpWindow();
  type Read = ReturnType<typeof ipWindow.readStarted>;

  /**
   * One shot (docs/rules/lottery.md §9). Shots that arrive while a round's previous transaction is
   * running wait and then go together in the next one (group commit): under the round's row lock
   * each gets `seq` in arrival order after the current count, the hash chain moves with them, and
   * they commit at once — so seq order is commit order, across server processes too (they queue on
   * the same row lock). A shot is acknowledged only after its transaction committed. The running sum
   * is never read or sent.
   */
  function shoot(memberId: number, ip: string, roundId: number, number: string): Promise<ShotAck> {
    return new Promise<ShotAck>((resolve, reject) => {
      let q = queues.get(roundId);
      if (!q) {
        q = { waiting: [], running: false };
        queues.set(roundId, q);
      }
      q.waiting.push({ memberId, ip, number, now: d.clock.now(), resolve, reject });
      if (!q.running) void drain(roundId, q);
    });
  }

  async function drain(roundId: number, q: { waiting: ShotRequest[]; running: boolean }) {
    q.running = true;
    // A batch whose state came back with the previous batch's write (see shootBatch).
    let ahead: { batch: ShotRequest[]; state: ShotState; read: Read } | null = null;
    try {
      while (ahead || q.waiting.length > 0) {
        const batch = ahead?.batch ?? q.waiting.splice(0, SHOT_BATCH_MAX);
        const known = ahead ? { state: ahead.state, read: ahead.read } : null;
        ahead = null;
        try {
          const judged = await shootBatch(roundId, batch, known, q);
          ahead = judged.ahead;
          // A count the write did not send goes out later, as a trailing one (countAfterCommit).
          if (judged.count) countAfterCommit(roundId, judged.count.seq, judged.count.published);
          judged.outcomes.forEach((o, i) => {
            if (o instanceof AppError) batch[i]!.reject(o);
            else batch[i]!.resolve(o);
          });
        } catch (err) {
          // Nothing in this batch committed: every shot in it gets the error.
          for (const s of batch) s.reject(err);
        }
      }
    } finally {
      q.running = false;
      if (q.waiting.length === 0) queues.delete(roundId);
    }
  }

  /**
   * Judges a batch against the round and its recent shots as read in one round trip (or as the
   * previous batch's write answered them: `known`), then records the accepted shots in one more
   * (decision 0012), which writes only if the round is still as it was read (its count, status, times
   * and rules) — under the round's row lock, so seq order is commit order across processes too. If it
   * moved on (another process shot, the round closed), the batch is read and judged again. Answers an
   * ack or a refusal per shot.
   *
   * The write takes the shots waiting by then as the next batch and reads their state in its own
   * transaction after the insert (`ahead`): at a steady stream of shots each batch costs one round
   * trip, not two. If the write did not happen, they go back to the front of the queue.
   */
  async function shootBatch(
    roundId: number,
    batch: ShotRequest[],
    known: { state: ShotState; read: Read } | null,
    q: { waiting: ShotRequest[] },
  ): Promise<{
    outcomes: (ShotAck | AppError)[];
    count: { seq: number; published: boolean } | null;
    ahead: { batch: ShotRequest[]; state: ShotState; read: Read } | null;
  }> {
    for (let attempt = 1; ; attempt++) {
      let read: Read;
      let r: ShotState | null | undefined;
      if (known) {
        ({ state: r, read } = known);
        known = null;
      } else {
        read = ipWindow.readStarted();
        try {
          r = await shotState(d.db, { roundId, ...batchKeys(batch) });
        } catch (err) {
          read.done();
          throw err;
        }
      }
      let judged: ReturnType<typeof judgeShots>;
      try {
        if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
        if (r.derive_rule !== 'yeekee') throw new AppError('LOTTO_NOT_YEEKEE');
        const stamp = read.stamp;
        const round = r.id;
        judged = judgeShots(r, batch, (ip, now) => ipWindow.unseen(ip, round, stamp, now));
      } finally {
        read.done();
      }
      const { outcomes, accepted, seq, head } = judged;
      if (accepted.length === 0) return { outcomes, count: null, ahead: null };
      // Each shooter's own-shot event, and the round's count when COUNT_EVERY_MS has passed, go out
      // with the write: delivered when its shots commit, in commit order. (A rate, so wall time.)
      const countDue = Date.now() - (lastCount.get(r.id) ?? 0) >= COUNT_EVERY_MS;
      const events: { topic: string; event: string; data: unknown }[] = accepted.map((a) => ({
        topic: `member:${a.memberId}`,
        event: 'yeekee_shot',
        data: { round_id: r.id, seq: a.seq, number: a.number, server_ts: a.serverTs },
      }));
      if (countDue)
        events.push({ topic: `yeekee:${r.id}`, event: 'shot_count', data: { round_id: r.id, count: seq } });
      const next = q.waiting.splice(0, SHOT_BATCH_MAX);
      const writing = ipWindow.writing(
        r.id,
        accepted.map((a) => ({ ip: a.ip, at: Date.parse(a.serverTs) })),
      );
      // The next batch's state is read inside this write (sent now).
      const nextRead = next.length > 0 ? ipWindow.readStarted() : null;
      let written: Awaited<ReturnType<typeof recordShots>>;
      try {
        written = await recordShots(
          d.db,
          r.id,
          r.token,
          accepted,
          { shotCount: seq, chainHead: head },
          next.length > 0 ? batchKeys(next) : null,
          d.events.notifications(events),
        );
      } catch (err) {
        writing.settle(false);
        nextRead?.done();
        q.waiting.unshift(...next);
        throw err;
      }
      writing.settle(written.ok);
      if (written.ok) {
        if (countDue) lastCount.set(r.id, Date.now());
        const ahead = nextRead && written.next ? { batch: next, state: written.next, read: nextRead } : null;
        if (!ahead) {
          nextRead?.done();
          q.waiting.unshift(...next);
        }
        return { outcomes, count: { seq, published: countDue }, ahead };
      }
      nextRead?.done();
      q.waiting.unshift(...next);
      if (attempt >= 20) throw new Error(`round ${roundId}: shots kept meeting a moved round`);
    }
  }

  /** Per-IP shots in each shot's last minute, and each member's count and last shot in the round. */
  function batchKeys(batch: ShotRequest[]): ShotBatchKeys {
    return {
      ips: [...new Set(batch.map((s) => s.ip))],
      memberIds: [...new Set(batch.map((s) => s.memberId))],
      earliest: new Date(Math.min(...batch.map((s) => s.now.getTime())) - 60_000),
      latest: new Date(Math.max(...batch.map((s) => s.now.getTime()))),
    };
  }

  /** The rules of docs/rules/lottery.md §9 for each shot of a batch, in arrival order, and the chain. */
  function judgeShots(r: ShotState, batch: ShotRequest[], unseen: (ip: string, now: number) => number) {
    const y = r.settings.yeekee ?? defaultYeekee;
    // Per IP: the shots in every shot's last minute (counted by the read) and the others' times.
    const ipShots = new Map<string, { core: number; times: number[] }>();
    for (const x of r.by_ip) ipShots.set(x.ip, { core: x.core, times: x.ts.map((t) => Date.parse(t)) });
    const own = new Map(r.mine.map((m) => [m.member_id, { n: m.n, last: Date.parse(m.last) }]));
    const blocks = new Map(
      r.blocks.map((b) => [
        b.member_id,
        { kind: b.kind, until: b.until === null ? null : new Date(b.until) },
      ]),
    );
    let seq = r.shot_count;
    let head = r.chain_head ?? chainSeed(r.market_id, r.business_date, r.round_no, nativeSha256Hex);
    const accepted: NewShot[] = [];
    const outcomes = batch.map((s): ShotAck | AppError => {
      // A time-out or self-exclusion closes shooting (docs/rules/protection.md §3.2, §4.2); checked
      // here, in the batch's one read, rather than by the gate's read per shot.
      const block = blocks.get(s.memberId) ?? null;
      if (blockActive(block, s.now)) return blockedError(block);
      const now = s.now.getTime();
      if (now < r.open_at.getTime() || r.status === 'scheduled') return new AppError('LOTTO_SHOOT_NOT_OPEN');
      if (!shootingOpen(r, s.now)) return new AppError('LOTTO_SHOOT_CLOSED');
      const ip = ipShots.get(s.ip) ?? { core: 0, times: [] };
      const inMinute =
        ip.core + ip.times.filter((t) => t > now - 60_000 && t <= now).length + unseen(s.ip, now);
      if (inMinute >= y.shots_per_ip_minute_max)
        return new AppError('LOTTO_SHOOT_IP_LIMIT', {}, undefined, { cooldown_left: 60 });
      const mine = own.get(s.memberId) ?? { n: 0, last: Number.NaN };
      if (mine.n >= y.shots_per_round_max)
        return new AppError('LOTTO_SHOOT_LIMIT', { max: y.shots_per_round_max });
      if (!Number.isNaN(mine.last)) {
        const leftMs = mine.last + y.cooldown_seconds * 1000 - now;
        if (leftMs > 0) {
          const seconds = Math.ceil(leftMs / 1000);
          return new AppError('LOTTO_SHOOT_COOLDOWN', { seconds }, undefined, { cooldown_left: seconds });
        }
      }
      seq += 1;
      const shot = {
        seq,
        member_ref: memberRef(r.id, s.memberId, nativeSha256Hex),
        number: s.number,
        server_ts: s.now.toISOString(),
      };
      head = shotHash(head, shot, nativeSha256Hex);
      const counted = { n: mine.n + 1, last: Math.max(Number.isNaN(mine.last) ? now : mine.last, now) };
      accepted.push({
        seq,
        memberId: s.memberId,
        memberRef: shot.member_ref,
        number: s.number,
        serverTs: shot.server_ts,
        hash: head,
        ip: s.ip,
        memberN: counted.n,
        memberLast: new Date(counted.last).toISOString(),
      });
      ip.times.push(now);
      ipShots.set(s.ip, ip);
      own.set(s.memberId, counted);
      return {
        round_id: r.id,
        seq,
        number: s.number,
        server_ts: shot.server_ts,
        cooldown_seconds: y.cooldown_seconds,
      };
    });
    return { outcomes, accepted, seq, head };
  }

  return { shoot };
}

export type Shooter = ReturnType<typeof createShooter>;

/** Own shots and the count while shooting is open; the whole hash-chained list once it has ended. */
export async function yeekeeList(d: LottoDeps, memberId: number | null, roundId: number) {
  const r = await findRound(d.db, roundId);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  if (r.derive_rule !== 'yeekee') throw new AppError('LOTTO_NOT_YEEKEE');
  const now = d.clock.now();
  const open = shootingOpen(r, now);
  const own = memberId === null ? [] : await memberShots(d.db, r.id, memberId);
  // The full list only once the result exists or the round is void: never while shooting is open.
  const published = r.status === 'resulted' || r.status === 'settled' || r.status === 'cancelled';
  const shots = published ? await roundShots(d.db, r.id) : null;
  return {
    round_id: r.id,
    status: r.status,
    shooting_open: open,
    shoot_close_at: r.shoot_close_at?.toISOString() ?? null,
    shot_count: r.shot_count,
    own: own.map((s) => ({ seq: s.seq, number: s.number, server_ts: s.server_ts.toISOString() })),
    shots: shots?.map((s) => ({ ...s, server_ts: s.server_ts.toISOString() })) ?? null,
    chain_seed: chainSeed(r.market_id, r.business_date, r.round_no, nativeSha256Hex),
    server_now: now.toISOString(),
  };
}

/** The business day's yeekee rounds of the given round's market. */
export async function yeekeeRounds(d: LottoDeps, roundId: number) {
  const r = await findRound(d.db, roundId);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  const rows = await marketDayRounds(d.db, r.market_id, r.business_date);
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
