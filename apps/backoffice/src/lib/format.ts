/**
 * Money and time as the console shows them: baht with two decimals; dates and times in Bangkok, in
 * the Buddhist era, written exactly as the member site writes them (packages/engine/src/thai-dates.ts),
 * so a member and a staff member read the same "5 มี.ค. 69 14:05".
 */
import { bangkokWallClock } from '@chok/engine/bangkok-calendar';
import { formatDate as thaiDate, formatDateTime as thaiDateTime } from '@chok/engine/thai-dates';

export { formatDay, formatMonth, formatTime } from '@chok/engine/thai-dates';

const bahtFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat('th-TH');
/** `1,234.50` (baht amounts come as numbers or decimal strings). */
export function formatBaht(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? bahtFormat.format(n) : String(value);
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : countFormat.format(value);
}

/** Date and time in Bangkok, e.g. `27 พ.ย. 69 18:55`; `-` for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  return Number.isNaN(Date.parse(iso)) ? iso : thaiDateTime(iso);
}

/** A date in Bangkok, e.g. `27 พฤศจิกายน 2569`; `-` for none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  return Number.isNaN(Date.parse(iso)) ? iso : thaiDate(iso);
}

/** For CSV files: `2026-11-27 18:55:00` in Bangkok time, which spreadsheets read as a date. */
export function csvDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const bkk = bangkokWallClock(d);
  return bkk.toISOString().slice(0, 19).replace('T', ' ');
}
