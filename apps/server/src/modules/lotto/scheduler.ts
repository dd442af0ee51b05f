import { randomBytes, randomInt } from 'node:crypto';
import { sealCommitment } from '@chok/engine/lotto/chain';
import { addDays, bangkokDate, type MarketSchedule, roundsBetween } from '@chok/engine/lotto/schedule';
import { sql } from 'kysely';
import { inTransaction } from '../../platform/db.ts';
import type { LottoDeps } from './deps.ts';
import type { RateTable, RoundSettings, YeekeeSettings } from './settings.ts';

/** How far ahead rounds exist: monthly markets always show their next draw (scheduled until it opens). */
const DAYS_AHEAD_MONTHLY = 32;
const DAYS_AHEAD = 2;
/** The sealed close's secret offset is drawn from 0–30,000 ms (lottery.md §9). */
const SEAL_OFFSET_MAX_MS = 30_000;
/** A round with no result this long after its expected time may be refunded (lottery.md §5). */
export const NO_RESULT_GRACE_MS = 3600_000;

/**
 * Creates the rounds of every active market ahead of time, each with a snapshot of its market's
 * settings. Idempotent (unique market/date/round_no); never creates a round already past close.
 */
export async function ensureRounds(d: LottoDeps, now: Date): Promise<number> {
  const markets = await d.db.selectFrom('lotto_market').selectAll().where('is_active', '=', true).execute();
  const from = addDays(bangkokDate(now), -1);
  let created = 0;
  for (const m of markets) {
    const schedule = m.schedule as MarketSchedule;
    const days = schedule.type === 'monthly' ? DAYS_AHEAD_MONTHLY : DAYS_AHEAD;
    const settings: RoundSettings = {
      rates: m.rates as unknown as RateTable,
      yeekee: (m.yeekee as YeekeeSettings | null) ?? null,
      sealed_close: m.sealed_close,
      cancel_before_minutes: m.cancel_before_minutes,
    };
    const rows = roundsBetween(schedule, from, days + 2)
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
          status: r.open_at <= now ? ('open' as const) : ('scheduled' as const),
          ...seal,
        };
      });
    if (rows.length === 0) continue;
    const inserted = await d.db
      .insertInto('lotto_round')
      .values(rows)
      .onConflict((oc) => oc.columns(['market_id', 'business_date', 'round_no']).doNothing())
      .returning('id')
      .execute();
    created += inserted.length;
  }
  return created;
}

async function publishStatus(d: LottoDeps, rows: { id: number; status: string; derive_rule: string }[]) {
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
  const { rows } = await sql<{ id: number; status: string; derive_rule: string }>`
    UPDATE lotto_round r SET status = 'open'
    FROM lotto_market m
    WHERE m.id = r.market_id AND r.status = 'scheduled' AND r.open_at <= ${now}
    RETURNING r.id, r.status, m.derive_rule`.execute(d.db);
  await publishStatus(d, rows);
  return rows.length;
}

/** open → closed at close_at. Bookkeeping only: bills check close_at against the database clock. */
export async function closeDueRounds(d: LottoDeps, now: Date): Promise<number> {
  const { rows } = await sql<{ id: number; status: string; derive_rule: string }>`
    UPDATE lotto_round r SET status = 'closed'
    FROM lotto_market m
    WHERE m.id = r.market_id AND r.status IN ('scheduled', 'open') AND r.close_at <= ${now}
    RETURNING r.id, r.status, m.derive_rule`.execute(d.db);
  await publishStatus(d, rows);
  return rows.length;
}

/** Yeekee rounds whose shooting has ended (after the sealed offset) and that have no result yet. */
export async function dueYeekeeDraws(
  d: LottoDeps,
  now: Date,
  horizonMs = 0,
): Promise<{ id: number; at: Date }[]> {
  const { rows } = await sql<{ id: number; at: Date }>`
    SELECT r.id, r.shoot_close_at - make_interval(secs => coalesce(r.seal_offset_ms, 0) / 1000.0) AS at
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE m.derive_rule = 'yeekee' AND r.status IN ('open', 'closed')
      AND r.shoot_close_at - make_interval(secs => coalesce(r.seal_offset_ms, 0) / 1000.0) <= ${new Date(now.getTime() + horizonMs)}
    ORDER BY at`.execute(d.db);
  return rows;
}

/** Rounds that are resulted but not settled (a crashed or missed settlement). */
export async function dueSettlements(d: LottoDeps): Promise<number[]> {
  const rows = await d.db.selectFrom('lotto_round').select('id').where('status', '=', 'resulted').execute();
  return rows.map((r) => r.id);
}

/** Closed rounds of markets with auto_refund_no_result, still without a result an hour after expected. */
export async function dueNoResultRefunds(d: LottoDeps, now: Date): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT r.id FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE m.auto_refund_no_result AND m.derive_rule <> 'yeekee' AND r.status = 'closed'
      AND r.expected_result_at <= ${new Date(now.getTime() - NO_RESULT_GRACE_MS)}`.execute(d.db);
  return rows.map((r) => r.id);
}
