import { errorMessage } from '@chok/contract/errors';
import { addDays, bangkokDate, endOfBangkokDay, startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import { type CheckinRules, decideStamp, nextMilestone } from '@chok/engine/engagement/checkin';
import { formatBaht, type Satang } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { confirmedDepositsBetween } from '../payments/service.ts';
import { changePoints } from '../points/service.ts';
import { type ClaimRow, claimOf, payReward, type RewardDeps } from '../rewards/service.ts';
import { checkinSettings, FEATURE } from './settings.ts';
import { cycleStampDates, insertStamp, type StampRow, stampOn } from './stamp-queries.ts';
import { nextMilestoneView, streakView, thaiDate } from './views.ts';

export interface CheckinDeps extends RewardDeps {
  db: Db;
  clock: Clock;
}

/** The milestone's reward_claim period key; with the feature and member it is the ledger key `checkin:member:streak_start:day` (§5). */
export const milestonePeriodKey = (streakStart: string, day: number) => `${streakStart}:${day}`;

/** The amounts of the member's confirmed deposits on a Bangkok date. */
export function depositsOn(ex: Executor, memberId: number, date: string): Promise<Satang[]> {
  return confirmedDepositsBetween(ex, memberId, startOfBangkokDay(date), endOfBangkokDay(date));
}

export function depositRequired(rules: CheckinRules): AppError {
  return new AppError('CHECKIN_DEPOSIT_REQUIRED', { amount: bahtInWords(rules.minDepositSatang) });
}

export const depositRequiredMessage = (rules: CheckinRules) =>
  errorMessage('CHECKIN_DEPOSIT_REQUIRED', { amount: bahtInWords(rules.minDepositSatang) });

function answer(row: StampRow, claim: ClaimRow | null, rules: CheckinRules, repeated: boolean) {
  return {
    repeated,
    date: row.stamp_date,
    streak: streakView({ length: row.streak_day, start: row.streak_start }),
    points: row.points,
    milestone: claim
      ? { day: row.streak_day, free_credit: formatBaht(claim.amount), status: claim.status }
      : null,
    next_milestone: nextMilestoneView(nextMilestone(Math.min(row.streak_day, rules.cycleDays), rules)),
  };
}

/**
 * Today's stamp (docs/rules/engagement.md §5), in one transaction under the member lock (G1):
 * 1. today is the server clock's Bangkok date (G3); a stamp of today already → that stamp, unchanged;
 * 2. the check-in must be open, and a single confirmed deposit today must reach the minimum (0 = none);
 * 3. the stamp row (UNIQUE (member_id, stamp_date)) with the streak the engine counts from the cycle;
 * 4. the stamp's points (key `checkin:stamp:<member>:<date>`);
 * 5. a milestone day pays its free credit once through payReward (G2; held for a flagged member, G5).
 */
export async function stampToday(d: CheckinDeps, memberId: number) {
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const now = d.clock.now();
    const today = bangkokDate(now);
    const rules = await checkinSettings(tx);
    const earlier = await stampOn(tx, memberId, today);
    if (earlier) {
      const claim = await claimOf(
        tx,
        memberId,
        FEATURE,
        milestonePeriodKey(earlier.streak_start, earlier.streak_day),
      );
      return answer(earlier, claim ?? null, rules, true);
    }
    if (!rules.enabled) throw new AppError('CHECKIN_CLOSED');
    const stamps = await cycleStampDates(tx, memberId, today, addDays(today, -1));
    const deposits = rules.minDepositSatang > 0 ? await depositsOn(tx, memberId, today) : [];
    const decision = decideStamp({ stamps, now, depositsToday: deposits }, rules);
    if (decision.kind === 'refused') throw depositRequired(rules);
    if (decision.kind === 'already_stamped')
      throw new Error('a stamp of today appeared under the member lock');
    const start = decision.streak.start ?? today;
    const row = await insertStamp(tx, {
      member_id: memberId,
      stamp_date: today,
      streak_day: decision.streak.length,
      streak_start: start,
      points: decision.points,
      stamped_at: now,
    });
    if (!row) throw new Error('a stamp of today appeared under the member lock');
    if (decision.points > 0) {
      await changePoints(tx, {
        memberId,
        amount: decision.points,
        kind: 'checkin',
        reference: `เช็คอินวันที่ ${thaiDate(today)}`,
        key: `checkin:stamp:${memberId}:${today}`,
      });
    }
    let claim: ClaimRow | null = null;
    if (decision.milestone) {
      const paid = await payReward(tx, d, {
        memberId,
        feature: FEATURE,
        periodKey: milestonePeriodKey(start, decision.milestone.day),
        kind: 'free_credit',
        amount: decision.milestone.freeCredit,
        reference: `เช็คอินต่อเนื่องครบ ${decision.milestone.day} วัน`,
        now,
      });
      claim = paid.claim;
    }
    return answer(row, claim, rules, false);
  });
}
