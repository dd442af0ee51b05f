import { randomInt } from 'node:crypto';
import { bangkokDate } from '@chok/engine/bangkok-calendar';
import {
  drawPrizeIndex,
  freeSpinsLeft,
  type SpinPayment,
  type SpinRules,
  spinPayment,
} from '@chok/engine/engagement/wheel';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { accrue, changePoints, pointBalance } from '../points/service.ts';
import { claimsOf } from '../rewards/service.ts';
import type { Ledger } from '../wallet/service.ts';
import {
  insertSpin,
  type PaidWith,
  type SpinRow,
  spinsOfDay,
  spinsPage,
  unrewardedOf,
} from './spin-queries.ts';
import { prizesOf } from './version-queries.ts';
import { currentWheel, prizeOf } from './versions.ts';
import { prizeView, spinView, v1PrizeView } from './views.ts';

export interface WheelDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
}

/** How the member asks to pay: the free spin first then points, only the free spin, only points. */
export type PayChoice = 'auto' | 'free' | 'points';

/** How this spin is paid (docs/rules/engagement.md §9), from today's spins and the point balance. */
function paymentFor(
  choice: PayChoice,
  today: { free: number; points: number },
  pointBalance: number,
  rules: SpinRules,
): SpinPayment {
  if (choice === 'free' && today.free >= rules.freeSpinsPerDay) throw new AppError('WHEEL_NO_SPINS');
  // Paying with points leaves today's free spin (if any) for later.
  const freeSpinsUsed = choice === 'points' ? Math.max(today.free, rules.freeSpinsPerDay) : today.free;
  const payment = spinPayment({ freeSpinsUsed, extraSpinsUsed: today.points, pointBalance }, rules);
  if (payment.kind === 'refused') throw refusal(payment.reason, rules);
  return payment;
}

function refusal(reason: 'WHEEL_NO_POINTS' | 'WHEEL_DAILY_LIMIT', rules: SpinRules): AppError {
  return reason === 'WHEEL_NO_POINTS'
    ? new AppError('WHEEL_NO_POINTS', { points: rules.pointsPerExtraSpin })
    : new AppError('WHEEL_DAILY_LIMIT', { limit: rules.extraSpinsPerDay });
}

/**
 * One spin (docs/rules/engagement.md §9), in one transaction under the member lock (§0 G1): the day's
 * free spin or the points are taken, the prize is drawn with node:crypto's randomInt over the
 * current version's weights, and the spin row (version and prize index) is committed before the
 * answer, which tells the client where the wheel stops. The day is the server's Bangkok date (G3).
 */
export async function spinWheel(d: WheelDeps, memberId: number, choice: PayChoice) {
  // Points from play the minute job has not read yet count towards this spin.
  await accrue({ db: d.db, clock: d.clock }, { memberId });
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const now = d.clock.now();
    const spinDate = bangkokDate(now);
    const wheel = await currentWheel(tx);
    const today = await spinsOfDay(tx, memberId, spinDate);
    const balance = await pointBalance(tx, memberId);
    const payment = paymentFor(choice, today, balance, wheel.rules);
    const paidWith: PaidWith = payment.kind === 'free' ? 'free' : 'points';
    const pointsSpent = payment.kind === 'points' ? payment.points : 0;
    const prizeIndex = drawPrizeIndex(wheel.table, (n) => randomInt(0, n));
    const spin = await insertSpin(tx, {
      member_id: memberId,
      version: wheel.row.version,
      prize_index: prizeIndex,
      paid_with: paidWith,
      points_spent: pointsSpent,
      spin_date: spinDate,
      day_seq: (paidWith === 'free' ? today.free : today.points) + 1,
      created_at: now,
    });
    let points = balance;
    if (pointsSpent > 0) {
      try {
        const r = await changePoints(tx, {
          memberId,
          amount: -pointsSpent,
          kind: 'wheel_spin',
          reference: 'ใช้แต้มหมุนวงล้อ',
          key: `wheel_spin:${spin.id}`,
        });
        points = r.balance;
      } catch (err) {
        if (err instanceof AppError && err.code === 'POINTS_INSUFFICIENT')
          throw refusal('WHEEL_NO_POINTS', wheel.rules);
        throw err;
      }
    }
    const prize = prizeOf(wheel.prizes, spin.version, spin.prize_index);
    return {
      spin,
      prize,
      view: spinView(spin, prize, undefined, wheel.rules.autoCreditAfterHours),
      free_spins: freeSpinsLeft(today.free + (paidWith === 'free' ? 1 : 0), wheel.rules),
      extra_spins_left: Math.max(
        0,
        wheel.rules.extraSpinsPerDay - today.points - (paidWith === 'points' ? 1 : 0),
      ),
      points,
    };
  });
}

export async function spinV2(d: WheelDeps, memberId: number, choice: PayChoice) {
  const r = await spinWheel(d, memberId, choice);
  return { ...r.view, free_spins: r.free_spins, extra_spins_left: r.extra_spins_left, points: r.points };
}

export async function spinV1(d: WheelDeps, memberId: number, choice: PayChoice) {
  const r = await spinWheel(d, memberId, choice);
  return {
    spin_id: r.spin.id,
    prize_id: r.spin.prize_index,
    prize: v1PrizeView(r.prize),
    free_spin_left: r.free_spins,
    point_spin_left: r.extra_spins_left,
    point: r.points,
  };
}

/** The member's standing today: the current wheel, spins left, points. */
async function standing(d: WheelDeps, memberId: number) {
  await accrue({ db: d.db, clock: d.clock }, { memberId });
  const spinDate = bangkokDate(d.clock.now());
  const wheel = await currentWheel(d.db);
  const today = await spinsOfDay(d.db, memberId, spinDate);
  const points = await pointBalance(d.db, memberId);
  return {
    wheel,
    spinDate,
    points,
    freeSpins: freeSpinsLeft(today.free, wheel.rules),
    extraLeft: Math.max(0, wheel.rules.extraSpinsPerDay - today.points),
  };
}

/** Spins with their prizes (of whatever version each drew) and, when credited, their claims. */
async function spinViews(ex: Executor, memberId: number, spins: SpinRow[], autoCreditHours: number) {
  const prizes = await prizesOf(
    ex,
    spins.map((s) => s.version),
  );
  const claims = await claimsOf(
    ex,
    memberId,
    'wheel',
    spins.filter((s) => s.rewarded_at !== null).map((s) => String(s.id)),
  );
  const byKey = new Map(claims.map((c) => [c.period_key, c]));
  return spins.map((s) =>
    spinView(s, prizeOf(prizes, s.version, s.prize_index), byKey.get(String(s.id)), autoCreditHours),
  );
}

export async function configV2(d: WheelDeps, memberId: number) {
  const s = await standing(d, memberId);
  const unclaimed = await unrewardedOf(d.db, memberId, 20);
  return {
    setting: {
      version: s.wheel.row.version,
      free_spins_per_day: s.wheel.rules.freeSpinsPerDay,
      points_per_spin: s.wheel.rules.pointsPerExtraSpin,
      extra_spins_per_day: s.wheel.rules.extraSpinsPerDay,
      extra_spins_left: s.extraLeft,
      points: s.points,
      spin_date: s.spinDate,
      auto_credit_hours: s.wheel.rules.autoCreditAfterHours,
    },
    prizes: s.wheel.prizes.map(prizeView),
    free_spins: s.freeSpins,
    unclaimed: await spinViews(d.db, memberId, unclaimed, s.wheel.rules.autoCreditAfterHours),
  };
}

export async function configV1(d: WheelDeps, memberId: number) {
  const s = await standing(d, memberId);
  return {
    configs: {
      version: s.wheel.row.version,
      free_spin_per_day: s.wheel.rules.freeSpinsPerDay,
      free_spin_left: s.freeSpins,
      point_per_spin: s.wheel.rules.pointsPerExtraSpin,
      point_spin_per_day: s.wheel.rules.extraSpinsPerDay,
      point_spin_left: s.extraLeft,
      point: s.points,
    },
    prizes: s.wheel.prizes.map(v1PrizeView),
  };
}

export async function spinHistory(
  d: WheelDeps,
  memberId: number,
  q: { paid_with?: PaidWith | undefined; page: number; per_page: number },
) {
  const { items, total } = await spinsPage(
    d.db,
    { memberId, ...(q.paid_with ? { paidWith: q.paid_with } : {}) },
    q.per_page,
    (q.page - 1) * q.per_page,
  );
  const wheel = await currentWheel(d.db);
  return {
    items: await spinViews(d.db, memberId, items, wheel.rules.autoCreditAfterHours),
    page: q.page,
    per_page: q.per_page,
    total,
  };
}
