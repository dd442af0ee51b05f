import { formatBaht } from '@chok/engine/money';
import { type ClaimRow, claimView } from '../rewards/service.ts';
import type { SpinRow } from './spin-queries.ts';
import type { PrizeKind, PrizeRow } from './version-queries.ts';

/** A prize's amount as the member reads it: whole points, baht with 2 decimals, or "0". */
export function amountText(kind: PrizeKind, amount: number): string {
  if (kind === 'points') return String(amount);
  if (kind === 'free_credit') return formatBaht(amount);
  return '0';
}

export function prizeView(p: PrizeRow) {
  return { index: p.prize_index, label: p.label, kind: p.kind, amount: amountText(p.kind, p.amount) };
}

/** The v1 shape of a prize. */
export function v1PrizeView(p: PrizeRow) {
  return { id: p.prize_index, name: p.label, type: p.kind, value: amountText(p.kind, p.amount) };
}

export function spinView(s: SpinRow, prize: PrizeRow, claim: ClaimRow | undefined, autoCreditHours: number) {
  return {
    spin_id: s.id,
    version: s.version,
    prize_index: s.prize_index,
    prize: prizeView(prize),
    paid_with: s.paid_with,
    points_spent: s.points_spent,
    spin_date: s.spin_date,
    created_at: s.created_at.toISOString(),
    auto_credit_at: new Date(s.created_at.getTime() + autoCreditHours * 3_600_000).toISOString(),
    rewarded_at: s.rewarded_at?.toISOString() ?? null,
    claim: claim ? claimView(claim) : null,
  };
}
