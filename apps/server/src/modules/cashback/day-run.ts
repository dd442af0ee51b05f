import { addDays, bangkokDate } from '@chok/engine/bangkok-calendar';
import {
  COMMISSION_CATEGORIES,
  cashbackOf,
  commissionOf,
  dayBounds,
  type RateRule,
} from '@chok/engine/engagement/cashback';
import { satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { accrue } from '../points/service.ts';
import { categoriesOf } from './loss-claim.ts';
import { type CashbackDeps, payDay } from './pay.ts';
import { type PayoutKind, paidMembers } from './payout-queries.ts';
import { type MemberTotal, membersTotals } from './points-queries.ts';
import { commissionRule, lossRule, readCommissionSettings, readLossSettings } from './settings.ts';
import { money } from './views.ts';

/**
 * One day's payments for every member at once: the turnover commission job (docs/rules/engagement.md
 * §4: 01:00 Bangkok for the day before) and an operator's re-run of a day's loss cashback, lotto loss
 * cashback or commission. Whole-day figures come after a full accrual run, so nothing settled that day
 * is missed (G6). Each member is paid in a transaction of their own under the member lock (G1), in
 * member order, through `payDay` (G2): two runs at once, or a run after a member's own claim, pay
 * nothing twice.
 */
export interface RunSummary {
  kind: PayoutKind;
  day: string;
  members: number;
  paid: number;
  paid_amount: string;
  held: number;
  held_amount: string;
  /** Fell due during the member's time-out or self-exclusion: recorded, never paid. */
  withheld: number;
  withheld_amount: string;
  already: number;
  below_minimum: number;
}

type RunBy = { paidBy: 'job' } | { paidBy: 'operator'; staffId: number };

async function ruleFor(d: CashbackDeps, kind: PayoutKind): Promise<{ enabled: boolean; rule: RateRule }> {
  if (kind === 'commission') {
    const s = await readCommissionSettings(d.db);
    return { enabled: s.enabled, rule: commissionRule(s) };
  }
  const s = await readLossSettings(d.db);
  return { enabled: s.enabled, rule: lossRule(s, kind) };
}

/** What one member-day's figures in the counted categories earn: the base (net loss or turnover) and the amount. */
function dueOf(kind: PayoutKind, m: MemberTotal, rule: RateRule) {
  if (kind === 'commission') {
    const c = commissionOf(satang(m.turnover), rule);
    return { base: c.turnover, amount: c.amount };
  }
  const c = cashbackOf(satang(m.stake), satang(m.payout), rule);
  return { base: c.netLoss, amount: c.amount };
}

export async function payWholeDay(
  d: CashbackDeps,
  kind: PayoutKind,
  day: string,
  by: RunBy,
): Promise<RunSummary> {
  const { enabled, rule } = await ruleFor(d, kind);
  const totals = {
    paid: 0,
    paidAmount: 0,
    held: 0,
    heldAmount: 0,
    withheld: 0,
    withheldAmount: 0,
    already: 0,
    below: 0,
  };
  const summary = (members: number): RunSummary => ({
    kind,
    day,
    members,
    paid: totals.paid,
    paid_amount: money(totals.paidAmount),
    held: totals.held,
    held_amount: money(totals.heldAmount),
    withheld: totals.withheld,
    withheld_amount: money(totals.withheldAmount),
    already: totals.already,
    below_minimum: totals.below,
  });
  if (!enabled) {
    if (by.paidBy === 'operator')
      throw new AppError(kind === 'commission' ? 'COMMISSION_CLOSED' : 'CASHBACK_CLOSED');
    return summary(0);
  }
  await accrue(d);
  const { from, to } = dayBounds(day);
  const categories = kind === 'commission' ? COMMISSION_CATEGORIES : categoriesOf(kind);
  const members = await membersTotals(d.db, from, to, categories);
  const done = await paidMembers(d.db, kind, day);
  const now = d.clock.now();
  for (const m of members) {
    if (done.has(m.member_id)) {
      totals.already++;
      continue;
    }
    const figure = dueOf(kind, m, rule);
    if (figure.amount <= 0) {
      totals.below++;
      continue;
    }
    const paid = await inTransaction(d.db, async (tx) => {
      await lockMember(tx, m.member_id);
      return payDay(tx, d, {
        memberId: m.member_id,
        kind,
        day,
        stake: m.stake,
        payout: m.payout,
        base: figure.base,
        rateBp: rule.rateBp,
        amount: figure.amount,
        paidBy: by.paidBy,
        staffId: by.paidBy === 'operator' ? by.staffId : null,
        now,
      });
    });
    if (!paid.created) totals.already++;
    else if (paid.claim.status === 'held') {
      totals.held++;
      totals.heldAmount += figure.amount;
    } else if (paid.claim.status === 'withheld') {
      totals.withheld++;
      totals.withheldAmount += figure.amount;
    } else {
      totals.paid++;
      totals.paidAmount += figure.amount;
    }
  }
  return summary(members.length);
}

/**
 * Days the commission job looks at: yesterday, and the two days before it, so a night the job did
 * not run (the server down at 01:00) is paid the next night (docs/rules/engagement.md §4; members
 * paid already are skipped).
 */
export const COMMISSION_CATCH_UP_DAYS = 3;

/** The 01:00 job: turnover commission of yesterday (and of missed nights) to every member due. */
export async function commissionJob(d: CashbackDeps): Promise<RunSummary[]> {
  const yesterday = addDays(bangkokDate(d.clock.now()), -1);
  const out: RunSummary[] = [];
  for (let back = COMMISSION_CATCH_UP_DAYS - 1; back >= 0; back--) {
    out.push(await payWholeDay(d, 'commission', addDays(yesterday, -back), { paidBy: 'job' }));
  }
  return out;
}

/** How far back an operator may re-run a day (the win/loss report's span). */
export const RERUN_MAX_DAYS = 90;

/**
 * An operator computes a past day again and pays every member not paid for it yet (audited with the
 * outcome). For loss cashback this pays members who did not claim in their window: an operator's
 * decision (after an outage, say); a member who claimed is never paid again.
 */
export async function rerunDay(d: CashbackDeps, staffId: number, kind: PayoutKind, day: string) {
  const today = bangkokDate(d.clock.now());
  if (day >= today || day < addDays(today, -RERUN_MAX_DAYS)) {
    throw new AppError('CASHBACK_RERUN_DAY', { days: RERUN_MAX_DAYS });
  }
  const summary = await payWholeDay(d, kind, day, { paidBy: 'operator', staffId });
  await inTransaction(d.db, (tx) =>
    appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'cashback.rerun',
      entity: 'cashback_day',
      entityId: `${kind}:${day}`,
      after: summary,
    }),
  );
  return summary;
}
