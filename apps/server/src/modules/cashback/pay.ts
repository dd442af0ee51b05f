import type { Clock } from '../../platform/clock.ts';
import type { Db, Executor, Tx } from '../../platform/db.ts';
import { type ClaimRow, claimOf, claimsOf, payReward } from '../rewards/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { insertPayout, type PaidBy, type PayoutKind, type PayoutRow, payoutOf } from './payout-queries.ts';
import { payoutView, referenceOf } from './views.ts';

export interface CashbackDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
}

/** The reward feature (G2's `feature`) and period key of a payment: `cashback` D or `lotto:D`, `commission` D. */
export function claimKey(kind: PayoutKind, day: string): { feature: string; periodKey: string } {
  if (kind === 'commission') return { feature: 'commission', periodKey: day };
  return { feature: 'cashback', periodKey: kind === 'lotto' ? `lotto:${day}` : day };
}

export interface Payment {
  memberId: number;
  kind: PayoutKind;
  day: string;
  stake: number;
  payout: number;
  /** Net loss or turnover. */
  base: number;
  rateBp: number;
  /** Satang, > 0. */
  amount: number;
  paidBy: PaidBy;
  staffId: number | null;
  now: Date;
}

/**
 * Pays one member-day to main with no turnover (docs/rules/engagement.md §3 rule 4, §4) in the
 * caller's transaction, which took the member lock first (G1). `payReward` makes it once only (G2:
 * a repeat pays nothing and returns the first claim) and holds it for a flagged member (G5); the
 * figures it was computed from are kept with it.
 */
export async function payDay(
  tx: Tx,
  d: Pick<CashbackDeps, 'ledger'>,
  p: Payment,
): Promise<{ payout: PayoutRow; claim: ClaimRow; created: boolean }> {
  const { feature, periodKey } = claimKey(p.kind, p.day);
  const outcome = await payReward(
    tx,
    { ledger: d.ledger },
    {
      memberId: p.memberId,
      feature,
      periodKey,
      kind: 'main',
      amount: p.amount,
      reference: referenceOf(p.kind, p.day),
      now: p.now,
      // The 01:00 job's and an operator's payments are withheld during a time-out or
      // self-exclusion (docs/rules/protection.md §3.2); the member's own claim is refused.
      unprompted: p.paidBy !== 'member',
    },
  );
  if (!outcome.created) {
    const earlier = await payoutOf(tx, p.memberId, p.kind, p.day);
    if (!earlier) throw new Error(`claim ${feature}:${p.memberId}:${periodKey} has no cashback payout`);
    return { payout: earlier, claim: outcome.claim, created: false };
  }
  const payout = await insertPayout(tx, {
    claim_id: outcome.claim.id,
    member_id: p.memberId,
    kind: p.kind,
    day: p.day,
    stake_satang: p.stake,
    payout_satang: p.payout,
    base_satang: p.base,
    rate_bp: p.rateBp,
    amount_satang: p.amount,
    paid_by: p.paidBy,
    staff_id: p.staffId,
  });
  return { payout, claim: outcome.claim, created: true };
}

/** A payment row with its claim's status, as the member sees it. */
export async function viewOf(ex: Executor, p: PayoutRow) {
  const { feature, periodKey } = claimKey(p.kind, p.day);
  return payoutView(p, await claimOf(ex, p.member_id, feature, periodKey));
}

/** Several payment rows of one member with their claims' statuses. */
export async function viewsOf(ex: Executor, memberId: number, rows: PayoutRow[]) {
  const byFeature = new Map<string, string[]>();
  for (const p of rows) {
    const { feature, periodKey } = claimKey(p.kind, p.day);
    byFeature.set(feature, [...(byFeature.get(feature) ?? []), periodKey]);
  }
  const claims = new Map<string, ClaimRow>();
  for (const [feature, keys] of byFeature) {
    for (const c of await claimsOf(ex, memberId, feature, keys)) claims.set(`${feature}|${c.period_key}`, c);
  }
  return rows.map((p) => {
    const { feature, periodKey } = claimKey(p.kind, p.day);
    return payoutView(p, claims.get(`${feature}|${periodKey}`));
  });
}
