import type { ErrorCode } from '@chok/contract/errors';
import { COUPON_RULES, normalizeCouponCode } from '@chok/engine/engagement/coupon';
import { FREE_CREDIT_DEFAULTS } from '@chok/engine/engagement/free-credit';
import { formatBaht } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import { inTransaction, isUniqueViolation, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hasOpenRound } from '../games/service.ts';
import { hasPendingBill } from '../lotto/service.ts';
import { lockMember } from '../members/service.ts';
import { claimsOf, payReward } from '../rewards/service.ts';
import { memberBalance, WALLET_TYPES } from '../wallet/service.ts';
import type { CouponDeps } from './deps.ts';
import {
  countFailure,
  couponByCode,
  couponByOperatorCode,
  insertUse,
  lockedUntil,
  memberUses,
  takeUse,
  usedBy,
} from './redeem-queries.ts';
import { claimStatusLabels } from './views.ts';

/**
 * Redeeming a coupon (docs/rules/engagement.md §2): G1 (the member lock first), a code used once per
 * member (`UNIQUE (coupon_id, member_id)`), a campaign's quota taken in one statement, the reward
 * paid as free credit through payReward (feature `coupon`, period key the coupon id: G2 and the G5
 * hold; turnover ×5 and cap +300 baht by the free-credit rules), only while every wallet together
 * holds under 5 baht and no round or bill waits for its result. A wrong code is counted in one
 * statement under the member's lock (nothing else was written); the 5th within an hour locks entry for
 * an hour, and the lock-out is checked again under that lock.
 */

const FEATURE = 'coupon';

/** Refusals that count as a wrong code towards the lock-out (a member's own repeat does not). */
const WRONG_CODE: ReadonlySet<ErrorCode> = new Set([
  'COUPON_INVALID',
  'COUPON_EXPIRED',
  'COUPON_DISABLED',
  'COUPON_USED_UP',
]);

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError('COUPON_LOCKED', { limit: COUPON_RULES.maxFailures, minutes });
}

/** §2.4: every wallet together under 5 baht, and nothing staked waiting for its result. */
async function checkBalanceRule(tx: Tx, memberId: number): Promise<void> {
  let total = 0;
  for (const w of WALLET_TYPES) total += await memberBalance(tx, memberId, w);
  if (total >= COUPON_RULES.balanceBelowSatang)
    throw new AppError('COUPON_BALANCE_TOO_HIGH', { amount: bahtInWords(COUPON_RULES.balanceBelowSatang) });
  for (const w of WALLET_TYPES) {
    if ((await hasOpenRound(tx, memberId, w)) || (await hasPendingBill(tx, memberId, w)))
      throw new AppError('COUPON_OPEN_PLAY');
  }
}

/**
 * The coupon a typed code names: a generated code (read the Crockford way), else an operator code
 * (any case; spaces and hyphens ignored). The two never overlap: an operator code is never 10
 * characters that could be a generated code.
 */
async function couponOf(tx: Tx, typed: string, memberId: number) {
  const code = normalizeCouponCode(typed);
  if (code !== null) {
    const c = await couponByCode(tx, code);
    return c && { ...c, operator_code: null };
  }
  const spoken = typed.replace(/[\s-]/g, '');
  if (!/^[A-Za-z0-9]{4,20}$/.test(spoken)) return undefined;
  return couponByOperatorCode(tx, spoken, memberId);
}

async function redeemIn(tx: Tx, d: CouponDeps, memberId: number, typed: string, now: Date) {
  const c = await couponOf(tx, typed, memberId);
  // Another member's personal code reads as no code at all.
  if (!c || (c.member_id !== null && c.member_id !== memberId)) throw new AppError('COUPON_INVALID');
  if (await usedBy(tx, c.id, memberId)) throw new AppError('COUPON_ALREADY_USED');
  if (c.status !== 'active' || c.campaign_status !== 'active') throw new AppError('COUPON_DISABLED');
  if (c.expires_at !== null && c.expires_at.getTime() <= now.getTime()) throw new AppError('COUPON_EXPIRED');
  await checkBalanceRule(tx, memberId);
  if (!(await takeUse(tx, c.id))) throw new AppError('COUPON_USED_UP');
  const { claim, created } = await payReward(tx, d, {
    memberId,
    feature: FEATURE,
    periodKey: String(c.id),
    kind: 'free_credit',
    amount: c.amount_satang,
    reference: `คูปอง ${c.title}`,
    now,
  });
  if (!created) throw new AppError('COUPON_ALREADY_USED');
  await insertUse(tx, { couponId: c.id, memberId, amountSatang: c.amount_satang, claimId: claim.id, now });
  const rules = d.rules ?? FREE_CREDIT_DEFAULTS;
  const held = claim.status === 'held';
  const amount = bahtInWords(c.amount_satang);
  return {
    code: c.operator_code ?? c.code,
    title: c.title,
    amount: formatBaht(c.amount_satang),
    status: held ? ('held' as const) : ('paid' as const),
    held,
    turnover_required: formatBaht(c.amount_satang * rules.turnoverMultiplier),
    cap: formatBaht(rules.capPerGrant),
    message: held
      ? `ใช้คูปองสำเร็จ เครดิตฟรี ${amount} บาทรอเจ้าหน้าที่ตรวจสอบก่อนเข้ากระเป๋า`
      : `ได้รับเครดิตฟรี ${amount} บาท ทำเทิร์น ${bahtInWords(c.amount_satang * rules.turnoverMultiplier)} บาท ถอนได้สูงสุด ${bahtInWords(rules.capPerGrant)} บาท`,
  };
}

/** `POST /api/coupon/redeem` (G4 on the endpoint). */
export async function redeemCoupon(d: CouponDeps, memberId: number, typed: string) {
  const now = d.clock.now();
  const locked = await lockedUntil(d.db, memberId, now);
  if (locked) throw lockedError(locked, now);
  let outcome:
    | { ok: true; redeemed: Awaited<ReturnType<typeof redeemIn>> }
    | { ok: false; refusal: AppError };
  try {
    outcome = await inTransaction(d.db, async (tx) => {
      await lockMember(tx, memberId); // G1
      // Again under the member's lock: redeems that queued behind the wrong code that locked entry
      // see the lock-out, a good code included.
      const lockedNow = await lockedUntil(tx, memberId, now);
      if (lockedNow) throw lockedError(lockedNow, now);
      try {
        return { ok: true as const, redeemed: await redeemIn(tx, d, memberId, typed, now) };
      } catch (err) {
        // A wrong code is refused before anything is written: it is counted here, still under the
        // member's lock, so parallel wrong codes are judged one after another (5 lock, not 10).
        if (!(err instanceof AppError && WRONG_CODE.has(err.code))) throw err;
        const f = await countFailure(tx, {
          memberId,
          now,
          windowMinutes: COUPON_RULES.failureWindowMinutes,
          lockMinutes: COUPON_RULES.lockMinutes,
          maxFailures: COUPON_RULES.maxFailures,
        });
        const lockedNow = f.locked_until !== null && f.locked_until.getTime() > now.getTime();
        return { ok: false as const, refusal: lockedNow ? lockedError(f.locked_until!, now) : err };
      }
    });
  } catch (err) {
    // The member's lock serialises their redeems, so a unique violation is only a repeat in a race.
    if (isUniqueViolation(err)) throw new AppError('COUPON_ALREADY_USED');
    throw err;
  }
  if (!outcome.ok) throw outcome.refusal;
  return outcome.redeemed;
}

/** `GET /api/coupon/history`: the member's coupons with what became of each reward. */
export async function couponHistory(d: CouponDeps, memberId: number, limit: number) {
  const uses = await memberUses(d.db, memberId, limit);
  const claims = await claimsOf(
    d.db,
    memberId,
    FEATURE,
    uses.map((u) => String(u.coupon_id)),
  );
  const statusOf = new Map(claims.map((c) => [c.period_key, c.status]));
  return uses.map((u) => {
    const found = statusOf.get(String(u.coupon_id)) ?? 'paid';
    // Redeemed by the member: a block refuses it, never withholds it (payReward).
    const status = found === 'withheld' ? 'rejected' : found;
    return {
      id: u.id,
      code: u.code,
      title: u.title,
      amount: formatBaht(u.amount_satang),
      status,
      status_label: claimStatusLabels[status],
      used_at: u.created_at.toISOString(),
    };
  });
}
