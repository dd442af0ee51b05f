import { type FigureCategory, figureCategoryLabels } from '@chok/contract/api/cashback';
import { bpToPercent } from '@chok/engine/engagement/cashback';
import { formatBaht, type Satang } from '@chok/engine/money';
import { thaiDay } from '../../platform/thai-time.ts';
import type { ClaimRow } from '../rewards/service.ts';
import type { PayoutKind, PayoutRow } from './payout-queries.ts';

/** What each kind of payment is called on the member's screens and statement. */
export const kindLabels: Record<PayoutKind, string> = {
  loss: 'คืนยอดเสีย คาสิโนและสล็อต',
  lotto: 'คืนยอดเสียหวย',
  commission: 'คืนยอดเทิร์น',
};

export const statusLabels: Record<ClaimRow['status'], string> = {
  paid: 'จ่ายแล้ว',
  held: 'รอเจ้าหน้าที่ตรวจสอบ',
  rejected: 'ไม่อนุมัติ',
  withheld: 'งดจ่ายช่วงพักการเล่น',
};

/** "1234.50" with Thai grouping: "1,234.50". */
export function thaiBaht(amount: number): string {
  const [whole = '0', fraction = '00'] = formatBaht(amount as Satang).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

export const money = (satang: number) => formatBaht(satang as Satang);

export function categoryLabel(category: string): string {
  return figureCategoryLabels[category as FigureCategory] ?? category;
}

/** The statement line the member reads for this payment (Thai words, wallet/describe.ts shows it). */
export function referenceOf(kind: PayoutKind, day: string): string {
  return `${kindLabels[kind]} วันที่ ${thaiDay(day)}`;
}

/** A payment as the member sees it; its status is the claim's (held and rejected are G5's). */
export function payoutView(p: PayoutRow, claim: ClaimRow | undefined) {
  const status = claim?.status ?? 'paid';
  return {
    id: p.id,
    kind: p.kind,
    kind_label: kindLabels[p.kind],
    day: p.day,
    stake: money(p.stake_satang),
    payout: money(p.payout_satang),
    base: money(p.base_satang),
    rate_percent: bpToPercent(p.rate_bp),
    amount: money(p.amount_satang),
    status,
    status_label: statusLabels[status],
    paid_by: p.paid_by,
    created_at: p.created_at.toISOString(),
  };
}

export type PayoutView = ReturnType<typeof payoutView>;
