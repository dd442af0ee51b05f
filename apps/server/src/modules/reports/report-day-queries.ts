import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** The stored figures of closed days in [from, to] (YYYY-MM-DD), by day. */
export async function storedDays(ex: Executor, from: string, to: string): Promise<Map<string, unknown>> {
  const { rows } = await sql<{ day: string; figures: unknown }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, figures FROM report_day
    WHERE day >= ${from}::date AND day <= ${to}::date`.execute(ex);
  return new Map(rows.map((r) => [r.day, r.figures]));
}

/** Keeps closed days' figures; a day stored already (by a concurrent read) stays as it was. */
export async function storeDays(ex: Executor, days: { day: string; figures: unknown }[]): Promise<void> {
  if (days.length === 0) return;
  await ex
    .insertInto('report_day')
    .values(days.map((d) => ({ day: d.day, figures: JSON.stringify(d.figures) })))
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}
