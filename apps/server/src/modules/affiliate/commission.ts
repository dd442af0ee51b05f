import { addDays, bangkokDate, endOfBangkokDay, startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import {
  type AffiliateLevel,
  type CommissionLine,
  commissionLines,
  type DownlineDay,
  totalOf,
} from '@chok/engine/engagement/affiliate';
import { satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { thaiDay } from '../../platform/thai-time.ts';
import { lockMember } from '../members/service.ts';
import { accrue } from '../points/service.ts';
import { blockInForce } from '../protection/service.ts';
import { riskReason, withheldReason } from '../rewards/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { creditCommission, lockAccount } from './account-queries.ts';
import { claimPayout, insertLines, insertRun, lastRunDay, type RunRow } from './commission-queries.ts';
import { uplinesOf } from './members-queries.ts';
import { settledFiguresBetween } from './points-queries.ts';
import { readRules } from './settings.ts';

export interface AffiliateDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
}

/** How far back the 01:30 job catches up days it missed (a stopped server, a failed run). */
const CATCH_UP_DAYS = 7;
const CHUNK = 5_000;

/** The ledger key of a referrer's commission for a day (docs/rules/engagement.md §11, G2). */
export const commissionKey = (referrerId: number, day: string) => `affiliate:${referrerId}:${day}`;

/** The day's downline figures: every member with settled play on it who has a referrer. */
async function downlineDays(d: AffiliateDeps, day: string): Promise<DownlineDay[]> {
  const figures = await settledFiguresBetween(d.db, startOfBangkokDay(day), endOfBangkokDay(day));
  const out: DownlineDay[] = [];
  for (let i = 0; i < figures.length; i += CHUNK) {
    const part = figures.slice(i, i + CHUNK);
    const ups = await uplinesOf(
      d.db,
      part.map((f) => f.member_id),
    );
    for (const f of part) {
      const up = ups.get(f.member_id);
      if (!up) continue;
      out.push({
        memberId: f.member_id,
        stake: satang(f.stake),
        payout: satang(f.payout),
        referrer: up.referrer,
        grandReferrer: up.grandReferrer,
        // G5: a flagged downline member earns the referrer nothing.
        flagged: (await riskReason(d.db, f.member_id)) !== null,
      });
    }
  }
  return out;
}

function lineRow(l: CommissionLine) {
  return {
    downline_id: l.downlineId,
    level: l.level as AffiliateLevel,
    stake_satang: l.stake,
    payout_satang: l.payout,
    net_loss_satang: l.netLoss,
    rate_bp: l.rateBp,
    commission_satang: l.commission,
    excluded: l.excluded,
  };
}

/**
 * Day D's commission (docs/rules/engagement.md §11 rules 2–3): the settled figures of D are brought
 * up to date, each downline member-day's net loss (floored at 0) earns their referrer 5% and the
 * referrer's referrer 1%, and each referrer's total accrues into their affiliate balance in one
 * transaction with its lines. Exactly once per referrer and day (G2): a second run, concurrent or
 * later (the job twice, two processes, an operator's re-run), finds the day claimed and pays nothing.
 */
export async function computeDay(d: AffiliateDeps, day: string, staffId: number | null): Promise<RunRow> {
  const startedAt = d.clock.now();
  if (endOfBangkokDay(day).getTime() > startedAt.getTime()) throw new AppError('AFFILIATE_DAY_NOT_OVER');
  // Nothing settled on D is missed: the accrual reads every round and bill up to now first.
  await accrue({ db: d.db, clock: d.clock });
  const rules = await readRules(d.db);
  const byReferrer = commissionLines(await downlineDays(d, day), rules);
  let paid = 0;
  let repeated = 0;
  let paidSatang = 0;
  let withheldCount = 0;
  let withheldSatang = 0;
  const reference = `ค่าแนะนำเพื่อน ประจำวันที่ ${thaiDay(day)}`;
  for (const referrer of [...byReferrer.keys()].sort((a, b) => a - b)) {
    const lines = byReferrer.get(referrer) ?? [];
    const total = totalOf(lines);
    const done = await inTransaction(d.db, async (tx) => {
      // G1 first, as every write to the member's affiliate balance (redeem) takes it.
      await lockMember(tx, referrer);
      // A referrer in a time-out or self-exclusion when the day is computed gets nothing for it,
      // then or later: the day is taken with its commission withheld (docs/rules/protection.md §3.2).
      const block = total > 0 ? await blockInForce(tx, referrer, d.clock.now()) : null;
      const withheld = block ? { satang: total, reason: withheldReason(block.kind) } : undefined;
      if (!(await claimPayout(tx, referrer, day, withheld ? 0 : total, withheld))) return null;
      await insertLines(tx, referrer, day, lines.map(lineRow));
      if (!withheld && total > 0) {
        await lockAccount(tx, referrer);
        await creditCommission(tx, {
          memberId: referrer,
          amount: total,
          day,
          reference,
          key: commissionKey(referrer, day),
        });
      }
      return { withheld: withheld !== undefined };
    });
    if (done?.withheld) {
      withheldCount += 1;
      withheldSatang += total;
    } else if (done) {
      paid += 1;
      paidSatang += total;
    } else {
      repeated += 1;
    }
  }
  return inTransaction(d.db, async (tx) => {
    const totals = {
      day,
      referrers: byReferrer.size,
      paid,
      repeated,
      paid_satang: paidSatang,
      withheld: withheldCount,
      withheld_satang: withheldSatang,
    };
    const run = await insertRun(tx, { ...totals, started_at: startedAt, staff_id: staffId });
    if (staffId !== null) {
      await appendAudit(tx, {
        actorType: 'staff',
        actorId: staffId,
        action: 'affiliate_commission.rerun',
        entity: 'affiliate_run',
        entityId: run.id,
        after: totals,
      });
    }
    return run;
  });
}

/**
 * The 01:30 job: yesterday's commission, and any day since the last computed one that a stopped
 * server or a failed run missed (up to a week back). Safe to run twice or on two processes.
 */
export async function computeDueDays(d: AffiliateDeps): Promise<RunRow[]> {
  const yesterday = addDays(bangkokDate(d.clock.now()), -1);
  const last = await lastRunDay(d.db);
  const earliest = addDays(yesterday, -(CATCH_UP_DAYS - 1));
  let day = last === null ? yesterday : addDays(last, 1);
  if (day < earliest) day = earliest;
  const runs: RunRow[] = [];
  for (; day <= yesterday; day = addDays(day, 1)) runs.push(await computeDay(d, day, null));
  return runs;
}
