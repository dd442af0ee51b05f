import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export interface StampRow {
  stamp_date: string;
  streak_day: number;
  streak_start: string;
  points: number;
  stamped_at: Date;
}

const columns = ['stamp_date', 'streak_day', 'streak_start', 'points', 'stamped_at'] as const;

export async function stampOn(ex: Executor, memberId: number, date: string): Promise<StampRow | undefined> {
  return ex
    .selectFrom('checkin_stamp')
    .select(columns)
    .where('member_id', '=', memberId)
    .where('stamp_date', '=', date)
    .executeTakeFirst();
}

/**
 * The dates of the member's current streak cycle up to `today`: from the streak_start of the stamp of
 * today or yesterday (none when neither is stamped: the streak is broken). The engine recounts the
 * streak from them; a run longer than a cycle is cut where its cycle began, which the count agrees with.
 */
export async function cycleStampDates(
  ex: Executor,
  memberId: number,
  today: string,
  yesterday: string,
): Promise<string[]> {
  const { rows } = await sql<{ stamp_date: string }>`
    SELECT s.stamp_date FROM checkin_stamp s
    WHERE s.member_id = ${memberId} AND s.stamp_date <= ${today}
      AND s.stamp_date >= (
        SELECT l.streak_start FROM checkin_stamp l
        WHERE l.member_id = ${memberId} AND l.stamp_date IN (${today}, ${yesterday})
        ORDER BY l.stamp_date DESC LIMIT 1)
    ORDER BY s.stamp_date`.execute(ex);
  return rows.map((r) => r.stamp_date);
}

/** Stamped dates in [from, to] (Bangkok dates, both included). */
export async function stampDatesBetween(
  ex: Executor,
  memberId: number,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await ex
    .selectFrom('checkin_stamp')
    .select('stamp_date')
    .where('member_id', '=', memberId)
    .where('stamp_date', '>=', from)
    .where('stamp_date', '<=', to)
    .orderBy('stamp_date')
    .execute();
  return rows.map((r) => r.stamp_date);
}

/** Inserts today's stamp unless (member, date) has one (UNIQUE); undefined when it had. */
export async function insertStamp(
  ex: Executor,
  s: StampRow & { member_id: number },
): Promise<StampRow | undefined> {
  return ex
    .insertInto('checkin_stamp')
    .values(s)
    .onConflict((oc) => oc.columns(['member_id', 'stamp_date']).doNothing())
    .returning(columns)
    .executeTakeFirst();
}
