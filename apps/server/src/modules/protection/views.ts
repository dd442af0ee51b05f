import {
  type BlockChoice,
  type LimitKind,
  type LimitPeriod,
  limitKinds,
  limitPeriods,
} from '@chok/engine/engagement/protection';
import { formatBaht } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import { thaiTime } from '../../platform/thai-time.ts';
import type { EventRow, LimitRow, MemberRow } from './state-queries.ts';

export const periodLabel: Record<LimitPeriod, string> = { day: 'รายวัน', week: 'รายสัปดาห์', month: 'รายเดือน' };
export const kindLabel: Record<LimitKind, string> = { deposit: 'วงเงินฝากสูงสุด', loss: 'วงเงินเสียสูงสุด' };
export const choiceLabel: Record<BlockChoice, string> = {
  '1d': '1 วัน',
  '7d': '7 วัน',
  '30d': '30 วัน',
  '6m': '6 เดือน',
  '1y': '1 ปี',
  '5y': '5 ปี',
  permanent: 'ถาวร',
};

export function bahtText(satang: number | null): string {
  return satang === null ? 'ไม่จำกัด' : `${bahtInWords(satang)} บาท`;
}

/** The six limits (deposit and loss × day, week, month) as the contract shows them. */
export function limitViews(
  rows: readonly LimitRow[],
  used: (kind: LimitKind, period: LimitPeriod) => number,
  resetsAt: (kind: LimitKind, period: LimitPeriod) => Date,
) {
  return limitKinds.flatMap((kind) =>
    limitPeriods.map((period) => {
      const r = rows.find((x) => x.kind === kind && x.period === period);
      return {
        kind,
        period,
        amount: r?.amount_satang != null ? formatBaht(r.amount_satang) : null,
        pending_amount: r?.pending_amount_satang != null ? formatBaht(r.pending_amount_satang) : null,
        pending_from: r?.pending_from ? r.pending_from.toISOString() : null,
        used: formatBaht(used(kind, period)),
        resets_at: resetsAt(kind, period).toISOString(),
      };
    }),
  );
}

/** The loss counter of the current period (a counter of a past period counts nothing). */
export function lossUsed(
  rows: readonly LimitRow[],
  period: LimitPeriod,
  currentStarts: Record<LimitPeriod, string> | null,
): number {
  const r = rows.find((x) => x.kind === 'loss' && x.period === period);
  if (!r || !currentStarts || r.period_start !== currentStarts[period]) return 0;
  return r.used_satang;
}

export function blockView(m: MemberRow | undefined, now: Date) {
  if (!m?.block_kind || !m.block_started_at || !m.block_choice) return null;
  if (m.block_until !== null && m.block_until.getTime() <= now.getTime()) return null;
  return {
    kind: m.block_kind,
    choice: m.block_choice as BlockChoice,
    started_at: m.block_started_at.toISOString(),
    until: m.block_until ? m.block_until.toISOString() : null,
  };
}

/** One change of the member's history, told in Thai. */
export function changeView(e: EventRow) {
  const d = e.detail as {
    kind?: LimitKind;
    period?: LimitPeriod;
    from?: number | null;
    to?: number | null;
    effective_at?: string;
    minutes?: number | null;
    choice?: BlockChoice;
    until?: string | null;
  };
  const limit = d.kind && d.period ? `${kindLabel[d.kind]}${periodLabel[d.period]}` : '';
  let description: string;
  switch (e.action) {
    case 'limit_set':
      description = `ตั้ง${limit} จาก ${bahtText(d.from ?? null)} เป็น ${bahtText(d.to ?? null)} มีผลทันที`;
      break;
    case 'limit_pending':
      description = `ขอเปลี่ยน${limit} จาก ${bahtText(d.from ?? null)} เป็น ${bahtText(d.to ?? null)} มีผล ${
        d.effective_at ? thaiTime(new Date(d.effective_at)) : ''
      }`;
      break;
    case 'limit_applied':
      description = `${limit} เปลี่ยนเป็น ${bahtText(d.to ?? null)} เมื่อครบระยะรอ`;
      break;
    case 'reality_check':
      description = d.minutes ? `เปิดการแจ้งเตือนเวลาเล่นทุก ${d.minutes} นาที` : 'ปิดการแจ้งเตือนเวลาเล่น';
      break;
    case 'timeout':
      description = `พักการเล่น ${d.choice ? choiceLabel[d.choice] : ''} ถึง ${d.until ? thaiTime(new Date(d.until)) : ''}`;
      break;
    case 'exclusion':
      description = `ระงับการเล่นด้วยตนเอง ${d.choice ? choiceLabel[d.choice] : ''}${
        d.until ? ` ถึง ${thaiTime(new Date(d.until))}` : ''
      }`;
      break;
    default:
      description = e.action;
  }
  return { at: e.at.toISOString(), action: e.action as 'limit_set', description };
}
