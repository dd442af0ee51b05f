import { formatBaht, type Satang } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { staffRefs } from '../admin/service.ts';
import { lockMember, memberRefs } from '../members/service.ts';
import { blockInForce } from '../protection/service.ts';
import {
  type ClaimRow,
  type ClaimStatus,
  claimById,
  claimsPage,
  decideClaim,
  lockClaim,
  recordFirstApproval,
} from './claim-queries.ts';
import { pay, type RewardDeps } from './claims.ts';
import { readSetting, saveSetting } from './settings.ts';

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

/**
 * Held cash and free credit from this amount take two operators to release (docs/rules/engagement.md
 * §0 G5), as a deposit confirmation from the payments' second-approval amount does
 * (docs/rules/payments.md §3.1). A reward setting of its own, default 20,000 baht.
 */
const HOLD_SETTINGS = 'holds';
const holdSettingsSchema = z.object({ second_approval_satang: z.number().int().min(100) });
type HoldSettings = z.infer<typeof holdSettingsSchema>;
export const holdDefaults: HoldSettings = { second_approval_satang: 2_000_000 };

export function holdSettings(ex: Executor): Promise<HoldSettings> {
  return readSetting(ex, HOLD_SETTINGS, holdSettingsSchema, holdDefaults);
}

const settingsView = (s: HoldSettings) => ({
  second_approval: formatBaht(s.second_approval_satang as Satang),
});

export async function holdSettingsView(db: Db) {
  return settingsView(await holdSettings(db));
}

/** The owner changes the second-approval amount (audited by saveSetting). */
export async function updateHoldSettings(db: Db, staffId: number, secondApprovalBaht: number) {
  return inTransaction(db, async (tx) =>
    settingsView(
      await saveSetting(
        tx,
        HOLD_SETTINGS,
        holdSettingsSchema,
        { second_approval_satang: secondApprovalBaht * 100 },
        staffId,
      ),
    ),
  );
}

/** A held claim that takes two operators: cash or free credit from the amount. */
const needsSecond = (c: ClaimRow, s: HoldSettings) =>
  (c.reward_kind === 'main' || c.reward_kind === 'free_credit') && c.amount >= s.second_approval_satang;

function holdView(c: ClaimRow, phone: string, s: HoldSettings, staff: Map<number, { username: string }>) {
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
    second_approval_needed: needsSecond(c, s),
    first_approval_by: c.first_approval_by,
    first_approval_username:
      c.first_approval_by === null ? null : (staff.get(c.first_approval_by)?.username ?? null),
    first_approval_at: c.first_approval_at?.toISOString() ?? null,
  };
}

async function viewsOf(ex: Executor, claims: ClaimRow[]) {
  const [refs, s, staff] = await Promise.all([
    memberRefs(
      ex,
      claims.map((c) => c.member_id),
    ),
    holdSettings(ex),
    staffRefs(
      ex,
      claims.flatMap((c) => (c.first_approval_by === null ? [] : [c.first_approval_by])),
    ),
  ]);
  return claims.map((c) => holdView(c, refs.get(c.member_id)?.phone ?? '', s, staff));
}

export async function listHolds(db: Db, status: ClaimStatus, page: number, perPage: number) {
  const { items, total } = await claimsPage(db, status, perPage, (page - 1) * perPage);
  return {
    items: await viewsOf(db, items),
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

/**
 * A held claim, locked for an operator's decision: G1 first (the member lock every reward write takes),
 * then the claim; a claim no longer held is REWARD_HOLD_NOT_OPEN.
 */
async function lockHeldClaim(tx: Tx, id: number) {
  const found = await claimById(tx, id);
  if (found?.status !== 'held') throw new AppError('REWARD_HOLD_NOT_OPEN');
  await lockMember(tx, found.member_id);
  const claim = await lockClaim(tx, id);
  if (claim?.status !== 'held') throw new AppError('REWARD_HOLD_NOT_OPEN');
  return claim;
}

/**
 * An operator pays a held reward (G5): member lock, the claim still held, the money moved, audited.
 * From the second-approval amount it takes two operators: the first call records an approval (the
 * claim stays held), a call by another operator pays it, and the first operator again is refused.
 */
export async function releaseHold(d: HoldDeps, staffId: number, id: number) {
  const decided = await inTransaction(d.db, async (tx) => {
    const claim = await lockHeldClaim(tx, id);
    // No reward reaches a member in a time-out or self-exclusion (docs/rules/protection.md §3.3):
    // the release waits for the block's end; a rejection stays possible.
    if (await blockInForce(tx, claim.member_id, d.clock.now()))
      throw new AppError('REWARD_HOLD_MEMBER_BLOCKED');
    const s = await holdSettings(tx);
    const before = {
      status: 'held',
      hold_reason: claim.hold_reason,
      first_approval_by: claim.first_approval_by,
    };
    if (needsSecond(claim, s)) {
      if (claim.first_approval_by === null) {
        const approved = await recordFirstApproval(tx, id, staffId, d.clock.now());
        if (!approved) throw new AppError('REWARD_HOLD_NOT_OPEN');
        await appendAudit(tx, {
          actorType: 'staff',
          actorId: staffId,
          action: 'reward_hold.first_approval',
          entity: 'reward_claim',
          entityId: id,
          before,
          after: { status: 'held', first_approval_by: staffId },
        });
        return approved;
      }
      if (claim.first_approval_by === staffId) {
        throw new AppError('SECOND_APPROVER_REQUIRED', { amount: bahtInWords(s.second_approval_satang) });
      }
    }
    await pay(tx, d, claim, 'adjustment', d.clock.now());
    const paid = await decideClaim(tx, id, { status: 'paid', staffId });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'reward_hold.release',
      entity: 'reward_claim',
      entityId: id,
      before,
      after: { status: 'paid', ...(claim.first_approval_by === null ? {} : { second_approval_by: staffId }) },
    });
    return paid;
  });
  return (await viewsOf(d.db, [decided]))[0]!;
}

/**
 * An operator refuses a held reward with a reason (audited): nothing is paid, and what the member
 * paid for it (points, commission balance) goes back through the feature's rejection handler.
 */
export async function rejectHold(d: HoldDeps, staffId: number, id: number, reason: string) {
  const decided = await inTransaction(d.db, async (tx) => {
    // G1 first, as the release does: the handler may change the member's points or balances.
    const claim = await lockHeldClaim(tx, id);
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
    return decided;
  });
  return (await viewsOf(d.db, [decided]))[0]!;
}
