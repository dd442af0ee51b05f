import type { Executor } from '../../platform/db.ts';

export type PaymentSettings = Awaited<ReturnType<typeof loadSettings>>;

/** The operator's payment settings (one row, the domain's defaults until changed). */
export async function loadSettings(ex: Executor) {
  return ex.selectFrom('payment_setting').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

const DAY_MS = 86_400_000;
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** Start of the Asia/Bangkok calendar day holding `now` (Thailand has no daylight saving). */
export function bangkokDayStart(now: Date): Date {
  const local = now.getTime() + BANGKOK_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - BANGKOK_OFFSET_MS);
}

/** A wall-clock time in Asia/Bangkok as an instant. */
export function fromBangkok(y: number, m: number, d: number, hh = 0, mm = 0, ss = 0): Date {
  return new Date(Date.UTC(y, m - 1, d, hh, mm, ss) - BANGKOK_OFFSET_MS);
}
