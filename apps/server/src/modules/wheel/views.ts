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

/**
 * A name for the public board: the first name and the first letter of the rest, "สมชาย ใ***"
 * (docs/rules/engagement.md §9 rule 4, the masking of §11). A one-word name keeps its first letter only.
 */
export function maskName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'สมาชิก';
  const initial = (word: string) => `${[...word][0] ?? ''}***`;
  if (words.length === 1) return initial(first);
  return `${first} ${initial(words[1]!)}`;
}

/** A phone for the public board: "08x-xxx-5678" — never the whole number. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return 'xxx-xxx-xxxx';
  return `${digits.slice(0, 2)}x-xxx-${digits.slice(-4)}`;
}
