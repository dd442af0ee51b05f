import type * as adminLotto from '@chok/contract/routes/admin-lotto';
import { bangkokDate } from '@chok/engine/bangkok-calendar';
import { type BetType, betTypes } from '@chok/engine/lotto/types';
import type { Data } from '../../lib/api';
import { formatDay } from '../../lib/format';

/** Thai labels of the lottery's codes, as the console shows them. */

/** The eight bet types in display order (the engine's list, docs/rules/lottery.md §2). */
export const BET_TYPES = betTypes;
export type { BetType };

export const betTypeLabel: Record<BetType, string> = {
  three_top: '3 ตัวบน',
  three_tod: '3 ตัวโต๊ด',
  three_front: '3 ตัวหน้า',
  three_back: '3 ตัวหลัง',
  two_top: '2 ตัวบน',
  two_bottom: '2 ตัวล่าง',
  run_top: 'วิ่งบน',
  run_bottom: 'วิ่งล่าง',
};

export const roundStatusLabel: Record<string, string> = {
  scheduled: 'ยังไม่เปิด',
  open: 'เปิดรับแทง',
  closed: 'ปิดรับแทง',
  resulted: 'ออกผลแล้ว',
  settled: 'จ่ายรางวัลแล้ว',
  cancelled: 'ยกเลิก',
};

export const roundStatusTone: Record<string, string> = {
  open: 'badge badge-ok',
  closed: 'badge badge-warn',
  resulted: 'badge badge-warn',
  cancelled: 'badge badge-danger',
};

export const ruleLabel: Record<string, string> = {
  glo: 'รัฐบาลไทย',
  baac7: 'ธ.ก.ส. (7 หลัก)',
  gsb2: 'ออมสิน (2 รอบ)',
  lao4: 'ลาว (4 หลัก)',
  hanoi: 'ฮานอย',
  stock: 'หุ้น',
  yeekee: 'ยี่กี',
};

export const limitLabel: Record<string, string> = {
  closed: 'ปิดรับ',
  reduced_rate: 'จ่ายลด',
  capped: 'จำกัดยอด',
};

export const weekdayLabels = ['อา.', 'จ.', 'อ.', 'พ.', 'พฤ.', 'ศ.', 'ส.'];

export const STATUS_OPTIONS = [
  { value: '', label: 'ทุกสถานะ' },
  ...Object.entries(roundStatusLabel).map(([value, label]) => ({ value, label })),
];

/** A round's name: market, business date (in Thai, "15 กรกฎาคม 2574") and, for yeekee, its round number. */
export function roundName(r: {
  market_name: string;
  business_date: string;
  round_no: number;
  derive_rule: string;
}) {
  return `${r.market_name} ${formatDay(r.business_date)}${r.derive_rule === 'yeekee' ? ` รอบที่ ${r.round_no}` : ''}`;
}

/** The winning numbers of a result in one line. */
export function resultLine(r: { top3: string; top2: string; bottom2: string } | null | undefined): string {
  return r ? `3 ตัวบน ${r.top3} · 2 ตัวบน ${r.top2} · 2 ตัวล่าง ${r.bottom2}` : '-';
}

/** One round as the console's round page reads it. */
export type RoundDetail = Data<typeof adminLotto.adminRound>;

/** Today in Bangkok, YYYY-MM-DD. */
export function bangkokToday(): string {
  return bangkokDate(new Date());
}
