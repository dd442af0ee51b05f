import { formatBaht, type Satang, satang } from '@chok/engine/money';
import type { Tx } from '../../platform/db.ts';
import { changePoints, type PointKind } from '../points/service.ts';
import { blockedError, blockInForce } from '../protection/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { MAIN_WALLET } from '../wallet/service.ts';
import { type ClaimRow, claimOf, insertClaim, type RewardKind } from './claim-queries.ts';
import { type FreeCreditDeps, grantFreeCredit } from './free-credit.ts';
import { riskReason } from './risk.ts';

/**
 * Paying a reward exactly once (docs/rules/engagement.md §0):
 * - G2: one `reward_claim` per (member, feature, period key); a repeat returns the first claim and pays
 *   nothing. The money's ledger key is `feature:member:period_key`.
 * - G5: cash and free credit of a flagged member are held (status `held`) for an operator to release
 *   or reject; points are paid at once.
 * - A reward that falls due while the member is in a time-out or a self-exclusion
 *   (docs/rules/protection.md §3.2, §4.2) reaches nobody: paid unprompted (`unprompted`), it is
 *   recorded `withheld` and pays nothing, then or ever — the claim stays, so a later run (the block
 *   lifted by then) finds it and pays nothing either; claimed by the member, it is refused.
 * The caller runs this inside its transaction, after taking the member lock (G1).
 */
export interface RewardRequest {
  memberId: number;
  /** 'checkin', 'quest', 'wheel', 'shop', … (the feature's name in keys and operator lists). */
  feature: string;
  periodKey: string;
  kind: RewardKind;
  /** Satang for cash and free credit; whole points for points; 0 for none. */
  amount: number;
  /** What the member reads on their statement (Thai). */
  reference: string;
  /** Point kind when kind = points. */
  pointKind?: PointKind;
  /**
   * Paid without the member asking (a job, an operator's run, a poll's result): during a time-out or
   * self-exclusion it is recorded `withheld`. A reward the member claims is refused instead (the
   * member's own call, nothing recorded), as the protection gate refuses it before it gets here.
   */
  unprompted?: boolean;
  now: Date;
}

export interface RewardOutcome {
  claim: ClaimRow;
  /** False when the claim existed already (nothing was paid this time). */
  created: boolean;
}

export type RewardDeps = FreeCreditDeps & { ledger: Ledger };

export const rewardKey = (r: { feature: string; memberId: number; periodKey: string }) =>
  `${r.feature}:${r.memberId}:${r.periodKey}`;

export async function payReward(tx: Tx, d: RewardDeps, r: RewardRequest): Promise<RewardOutcome> {
  if (!Number.isSafeInteger(r.amount) || r.amount < 0)
    throw new RangeError(`reward amount must be whole ≥ 0: ${r.amount}`);
  const earlier = await claimOf(tx, r.memberId, r.feature, r.periodKey);
  if (earlier) return { claim: earlier, created: false };
  const block = r.kind !== 'none' && r.amount > 0 ? await blockInForce(tx, r.memberId, r.now) : null;
  if (block && !r.unprompted) throw blockedError(block);
  const holdable = (r.kind === 'main' || r.kind === 'free_credit') && r.amount > 0;
  const reason = block ? withheldReason(block.kind) : holdable ? await riskReason(tx, r.memberId) : null;
  const claim = await insertClaim(tx, {
    member_id: r.memberId,
    feature: r.feature,
    period_key: r.periodKey,
    reward_kind: r.kind,
    amount: r.amount,
    status: block ? 'withheld' : reason ? 'held' : 'paid',
    hold_reason: reason,
    reference: r.reference,
  });
  // Another transaction took the same claim between the read and the insert: its result stands.
  if (!claim) {
    const first = await claimOf(tx, r.memberId, r.feature, r.periodKey);
    if (!first) throw new Error('reward claim vanished');
    return { claim: first, created: false };
  }
  if (!reason) await pay(tx, d, claim, r.pointKind ?? 'adjustment', r.now);
  return { claim, created: true };
}

/** Why a reward was withheld, as the operator's lists show it (Thai). */
export function withheldReason(kind: 'timeout' | 'exclusion'): string {
  return kind === 'timeout'
    ? 'ถึงกำหนดจ่ายระหว่างพักการเล่น (ไม่จ่ายย้อนหลัง)'
    : 'ถึงกำหนดจ่ายระหว่างระงับการเล่นด้วยตนเอง (ไม่จ่ายย้อนหลัง)';
}

/** Moves what a claim pays (a new claim, or a held one an operator released). */
export async function pay(
  tx: Tx,
  d: RewardDeps,
  c: ClaimRow,
  pointKind: PointKind,
  now: Date,
): Promise<void> {
  const key = rewardKey({ feature: c.feature, memberId: c.member_id, periodKey: c.period_key });
  if (c.amount === 0 || c.reward_kind === 'none') return;
  if (c.reward_kind === 'points') {
    await changePoints(tx, {
      memberId: c.member_id,
      amount: c.amount,
      kind: pointKind,
      reference: c.reference,
      key,
    });
  } else if (c.reward_kind === 'free_credit') {
    await grantFreeCredit(tx, d, {
      memberId: c.member_id,
      amount: satang(c.amount),
      key,
      reference: c.reference,
      now,
    });
  } else {
    await d.ledger.transfer(tx, {
      from: { system: 'sys:promo' },
      to: { member: c.member_id, wallet: MAIN_WALLET },
      amount: satang(c.amount),
      kind: 'reward',
      reference: c.reference,
      idempotencyKey: key,
    });
  }
}

/** A claim as the member sees it (amount as baht text or whole points). */
export function claimView(c: ClaimRow) {
  return {
    status: c.status,
    reward_kind: c.reward_kind,
    amount: c.reward_kind === 'points' ? String(c.amount) : formatBaht(c.amount as Satang),
    held: c.status === 'held',
  };
}
