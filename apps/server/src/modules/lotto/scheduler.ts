import { randomBytes, randomInt } from 'node:crypto';
import { addDays, bangkokDate } from '@chok/engine/bangkok-calendar';
import { sealCommitment } from '@chok/engine/lotto/chain';
import { type MarketSchedule, type RoundTimes, roundsBetween } from '@chok/engine/lotto/schedule';
import { SEAL_OFFSET_MAX_MS } from '@chok/engine/lotto/yeekee';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import type { LottoDeps } from './deps.ts';
import {
  activeMarkets,
  closedRoundsWithoutResult,
  closeRoundsDue,
  insertRounds,
  openRoundsDue,
  type RoundStatusChange,
  resultedRoundIds,
  yeekeeShootingEnds,
} from './scheduler-queries.ts';
import type { RateTable, RoundSettings, YeekeeSettings } from './settings.ts';
import { cancelRound, drawYeekee, settleRound } from './settlement.ts';
import { type ActiveTemplate, templatesForScheduler } from './templates.ts';
import { insertTemplateLimits } from './templates-queries.ts';

/**
 * What time makes due: rounds ahead, open, close, yeekee draws, settlement, refunds
 * (docs/rules/lottery.md §5, §6).
 */

/** How far ahead rounds exist: monthly markets always show their next draw (scheduled until it opens). */
const DAYS_AHEAD_MONTHLY = 32;
const DAYS_AHEAD = 2;
/** A round with no result this long after its expected time may be refunded (docs/rules/lottery.md §5). */
export const NO_RESULT_GRACE_MS = 3600_000;
/** Yeekee draws due this soon get a job of their own at the exact time (the sweep runs every minute). */
const YEEKEE_DRAW_HORIZON_MS = 90_000;

/**
 * Everything time makes due, in order: create rounds ahead, open, close, draw yeekee, settle,
 * refund rounds without a result. Idempotent; the periodic sweep and every job call this.
 */
export async function tick(d: LottoDeps, now: Date) {
  const created = await ensureRounds(d, now);
  const opened = await openDueRounds(d, now);
  const closed = await closeDueRounds(d, now);
  let drawn = 0;
  for (const y of await dueYeekeeDraws(d, now)) if ((await drawYeekee(d, y.id, now)) !== 'skipped') drawn++;
  let settled = 0;
  for (const id of await dueSettlements(d)) if ((await settleRound(d, id)).bills >= 0) settled++;
  let refunded = 0;
  for (const id of await dueNoResultRefunds(d, now)) {
    await cancelRound(d, id, 'ไม่มีผลรางวัลภายในเวลาที่กำหนด คืนเงินเต็มจำนวน', { type: 'system' });
    refunded++;
  }
  return { created, opened, closed, drawn, settled, refunded };
}

/** Queues a `lotto.yeekee.draw` job at the exact end of shooting of each yeekee round ending soon. */
export async function queueYeekeeDraws(d: LottoDeps, now: Date): Promise<void> {
  for (const y of await dueYeekeeDraws(d, now, YEEKEE_DRAW_HORIZON_MS))
    if (y.at > now)
      await d.jobs.send(
        'lotto.yeekee.draw',
        { round_id: y.id },
        { at: y.at, singletonKey: `yeekee-draw-${y.id}` },
      );
}

type MarketRow = Awaited<ReturnType<typeof activeMarkets>>[number];

/**
 * The rows of a market's rounds not yet past close, as the scheduler inserts them: times from the
 * schedule, a snapshot of the market's settings (docs/rules/lottery.md §3.2), and for a sealed-close
 * yeekee round its secret offset, salt and commitment (§9). Opens those whose open_at has come.
 */
export function roundRows(m: MarketRow, times: RoundTimes[], now: Date, template?: ActiveTemplate) {
  const settings: RoundSettings = {
    rates: template?.rates ?? (m.rates as unknown as RateTable),
    yeekee: (m.yeekee as YeekeeSettings | null) ?? null,
    sealed_close: m.sealed_close,
    cancel_before_minutes: m.cancel_before_minutes,
  };
  return times
    .filter((r) => r.close_at > now)
    .map((r) => {
      const seal =
        m.sealed_close && r.shoot_close_at
          ? (() => {
              const offset = randomInt(0, SEAL_OFFSET_MAX_MS + 1);
              const salt = randomBytes(16).toString('hex');
              return {
                seal_offset_ms: offset,
                seal_salt: salt,
                seal_commitment: sealCommitment(offset, salt),
              };
            })()
          : {};
      return {
        market_id: m.id,
        business_date: r.business_date,
        round_no: r.round_no,
        open_at: r.open_at,
        close_at: r.close_at,
        shoot_close_at: r.shoot_close_at,
        expected_result_at: r.expected_result_at,
        settings: JSON.stringify(settings),
        ...(template
          ? {
              template_id: template.id,
              rate_overrides: template.overrides ? JSON.stringify(template.overrides) : null,
            }
          : {}),
        status: r.open_at <= now ? ('open' as const) : ('scheduled' as const),
        ...seal,
      };
    });
}

/**
 * Creates the rounds of every active market ahead of time, each with a snapshot of its market's
 * settings. Idempotent (unique market/date/round_no); never creates a round already past close.
 */
export async function ensureRounds(d: LottoDeps, now: Date): Promise<number> {
  const markets = await activeMarkets(d.db);
  const templates = await templatesForScheduler(d, markets);
  const from = addDays(bangkokDate(now), -1);
  let created = 0;
  for (const m of markets) {
    const schedule = m.schedule as MarketSchedule;
    const days = schedule.type === 'monthly' ? DAYS_AHEAD_MONTHLY : DAYS_AHEAD;
    const template = templates.get(m.id);
    const rows = roundRows(m, roundsBetween(schedule, from, days + 2), now, template);
    if (rows.length === 0) continue;
    created += await createRounds(d.db, rows, template);
  }
  return created;
}

/**
 * Inserts a market's rounds (those that exist are kept as they are) and gives the new ones their
 * template's เลขอั้น, in one transaction; answers how many were new.
 */
export async function createRounds(
  ex: Executor,
  rows: ReturnType<typeof roundRows>,
  template: ActiveTemplate | undefined,
): Promise<number> {
  const write = async (tx: Executor) => {
    const inserted = await insertRounds(tx, rows);
    if (template && template.limits.length > 0)
      await insertTemplateLimits(
        tx,
        inserted.map((r) => ({ round_id: r.id, limits: template.limits })),
      );
    return inserted.length;
  };
  return ex.isTransaction ? write(ex) : inTransaction(ex as Db, write);
}

async function publishStatus(d: LottoDeps, rows: RoundStatusChange[]) {
  if (rows.length === 0) return;
  await inTransaction(d.db, async (tx) => {
    for (const r of rows) {
      if (r.derive_rule === 'yeekee')
        await d.events.publish(tx, `yeekee:${r.id}`, 'round', { round_id: r.id, status: r.status });
    }
    await d.events.publish(tx, 'lotto', 'rounds', { changed: rows.length });
  });
}

/** scheduled → open at open_at (lateness only delays opening). */
export async function openDueRounds(d: LottoDeps, now: Date): Promise<number> {
  const rows = await openRoundsDue(d.db, now);
  await publishStatus(d, rows);
  return rows.length;
}

/** open → closed at close_at. Bookkeeping only: bills check close_at against the database clock. */
export async function closeDueRounds(d: LottoDeps, now: Date): Promise<number> {
  const rows = await closeRoundsDue(d.db, now);
  await publishStatus(d, rows);
  return rows.length;
}

/** Yeekee rounds whose shooting has ended (after the sealed offset) and that have no result yet. */
export async function dueYeekeeDraws(
  d: LottoDeps,
  now: Date,
  horizonMs = 0,
): Promise<{ id: number; at: Date }[]> {
  return yeekeeShootingEnds(d.db, new Date(now.getTime() + horizonMs));
}

/** Rounds that are resulted but not settled (a crashed or missed settlement). */
export async function dueSettlements(d: LottoDeps): Promise<number[]> {
  return resultedRoundIds(d.db);
}

/** Closed rounds of markets with auto_refund_no_result, still without a result an hour after expected. */
export async function dueNoResultRefunds(d: LottoDeps, now: Date): Promise<number[]> {
  return closedRoundsWithoutResult(d.db, new Date(now.getTime() - NO_RESULT_GRACE_MS));
}
