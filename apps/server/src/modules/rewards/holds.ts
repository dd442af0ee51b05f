import { formatBaht, type Satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember, memberRefs } from '../members/service.ts';
import {
  type ClaimRow,
  type ClaimStatus,
  claimById,
  claimsPage,
  decideClaim,
  lockClaim,
} from './claim-queries.ts';
import { pay, type RewardDeps } from './claims.ts';

/** Thai names of the features that pay rewards, for the operator's lists. */
export const featureLabels: Record<string, string> = {
  checkin: 'เช็คอินรายวัน',
  quest: 'ภารกิจ',
  wheel: 'วงล้อเสี่ยงโชค',
  shop: 'แลกของรางวัล',
  coupon: 'คูปอง',
  cashback: 'คืนยอดเสีย',
  commission: 'คืนยอดเทิร์น',
  affiliate: 'แนะนำเพื่อน',
  poll: 'โพล',
};

function holdView(c: ClaimRow, phone: string) {
  return {
    id: c.id,
    member_id: c.member_id,
    phone,
    feature: c.feature,
    feature_label: featureLabels[c.feature] ?? c.feature,
    period_key: c.period_key,
    reward_kind: c.reward_kind,
    amount:
      c.reward_kind === 'points' ? formatBaht((c.amount * 100) as Satang) : formatBaht(c.amount as Satang),
    status: c.status,
    hold_reason: c.hold_reason,
    reference: c.reference,
    created_at: c.created_at.toISOString(),
    decided_at: c.decided_at?.toISOString() ?? null,
  };
}

export async function listHolds(db: Db, status: ClaimStatus, page: number, perPage: number) {
  const { items, total } = await claimsPage(db, status, perPage, (page - 1) * perPage);
  const refs = await memberRefs(
    db,
    items.map((c) => c.member_id),
  );
  return {
    items: items.map((c) => holdView(c, refs.get(c.member_id)?.phone ?? '')),
    total,
    page,
    page_size: perPage,
  };
}

/**
 * What a feature gives back when an operator rejects its held reward, in the rejection's
 * transaction: a reward the member paid for (shop vouchers cost points, an affiliate redemption
 * took the commission balance) returns what it cost, so a rejection pays nothing and takes nothing.
 * Answers what was returned, for the audit record.
 */
export type RejectionHandler = (tx: Tx, claim: ClaimRow) => Promise<Record<string, unknown> | null>;

/** What a feature module receives to register its handler (rewardsModule returns it). */
export interface RejectionHooks {
  onRejected(feature: string, handler: RejectionHandler): void;
}

export interface HoldDeps extends RewardDeps {
  db: Db;
  clock: Clock;
  /** By feature; filled by the features that need one (rewardsModule's `onRejected`). */
  rejections: Map<string, RejectionHandler>;
}

/** An operator pays a held reward (G5): member lock, the claim still held, the money moved, audited. */
export async function releaseHold(d: HoldDeps, staffId: number, id: number) {
  return inTransaction(d.db, async (tx) => {
    // G1 first (the member lock every reward write takes), then the claim.
    const found = await claimById(tx, id);
    if (found?.status !== 'held') throw new AppError('REWARD_HOLD_NOT_OPEN');
    await lockMember(tx, found.member_id);
    const claim = await lockClaim(tx, id);
    if (claim?.status !== 'held') throw new AppError('REWARD_HOLD_NOT_OPEN');
    await pay(tx, d, claim, 'adjustment', d.clock.now());
    const decided = await decideClaim(tx, id, { status: 'paid', staffId });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'reward_hold.release',
      entity: 'reward_claim',
      entityId: id,
      before: { status: 'held', hold_reason: claim.hold_reason },
      after: { status: 'paid' },
    });
    const refs = await memberRefs(tx, [decided.member_id]);
    return holdView(decided, refs.get(decided.member_id)?.phone ?? '');
  });
}

/**
 * An operator refuses a held reward with a reason (audited): nothing is paid, and what the member
 * paid for it (points, commission balance) goes back through the feature's rejection handler.
 */
export async function rejectHold(d: HoldDeps, staffId: number, id: number, reason: string) {
  return inTransaction(d.db, async (tx) => {
    // G1 first, as the release does: the handler may change the member's points or balances.
    const found = await claimById(tx, id);
    if (found?.status !== 'held') throw new AppError('REWARD_HOLD_NOT_OPEN');
    await lockMember(tx, found.member_id);
    const claim = await lockClaim(tx, id);
    if (claim?.status !== 'held') throw new AppError('REWARD_HOLD_NOT_OPEN');
    const decided = await decideClaim(tx, id, { status: 'rejected', staffId, reason });
    const returned = (await d.rejections.get(claim.feature)?.(tx, claim)) ?? null;
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'reward_hold.reject',
      entity: 'reward_claim',
      entityId: id,
      before: { status: 'held', hold_reason: claim.hold_reason },
      after: { status: 'rejected', reason, ...(returned ? { returned } : {}) },
    });
    const refs = await memberRefs(tx, [decided.member_id]);
    return holdView(decided, refs.get(decided.member_id)?.phone ?? '');
  });
}
