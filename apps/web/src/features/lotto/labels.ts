import type { betTypeCodes } from '@chok/contract/api/lotto';
import { bangkokDay, formatDateTime, formatDay, formatTime } from '../../lib/dates';

export type BetType = (typeof betTypeCodes)[number];

export const BET_TYPES: readonly { code: BetType; label: string; digits: 1 | 2 | 3 }[] = [
  { code: 'three_top', label: '3 ตัวบน', digits: 3 },
  { code: 'three_tod', label: '3 ตัวโต๊ด', digits: 3 },
  { code: 'three_front', label: '3 ตัวหน้า', digits: 3 },
  { code: 'three_back', label: '3 ตัวล่าง', digits: 3 },
  { code: 'two_top', label: '2 ตัวบน', digits: 2 },
  { code: 'two_bottom', label: '2 ตัวล่าง', digits: 2 },
  { code: 'run_top', label: 'วิ่งบน', digits: 1 },
  { code: 'run_bottom', label: 'วิ่งล่าง', digits: 1 },
];

export const betLabel = (code: string) => BET_TYPES.find((b) => b.code === code)?.label ?? code;

export const ROUND_STATUS: Record<string, string> = {
  scheduled: 'ยังไม่เปิด',
  open: 'เปิดรับแทง',
  closed: 'ปิดรับแทง',
  resulted: 'ออกผลแล้ว',
  settled: 'ออกผลแล้ว',
  cancelled: 'ยกเลิก',
};

export const BILL_STATUS: Record<string, string> = {
  pending: 'รอผล',
  won: 'ถูกรางวัล',
  lost: 'ไม่ถูกรางวัล',
  cancelled: 'ยกเลิกแล้ว',
  refunded: 'คืนเงินแล้ว',
};

/**
 * กลับเลข: a 2-digit number and its reverse, or the distinct permutations of 3 digits, the entered
 * number first (docs/rules/lottery.md §7; the engine's reverseNumbers, kept here so the site needs no engine).
 */
export function reverseNumbers(n: string): string[] {
  if (n.length === 2) return [...new Set([n, `${n[1]}${n[0]}`])];
  if (n.length !== 3) return [n];
  const [a, b, c] = [...n] as [string, string, string];
  return [...new Set([a + b + c, a + c + b, b + a + c, b + c + a, c + a + b, c + b + a])];
}

export const roundDate = (businessDate: string) => formatDay(businessDate, 'short-year');
export const clockTime = (iso: string) => formatTime(iso);

/**
 * A round's open or close time as a member reads it, at `now` (the server clock): the clock time alone
 * on the same Bangkok day ("15:20"), with its date on any other day ("16 ธ.ค. 69 15:20"), so a
 * round opening tomorrow or in two weeks never reads as if it opened today.
 */
export const roundTime = (iso: string, now: number) =>
  bangkokDay(iso) === bangkokDay(now) ? formatTime(iso) : formatDateTime(iso);
