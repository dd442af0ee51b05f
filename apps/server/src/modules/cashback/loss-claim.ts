import type { cashbackStates } from '@chok/contract/api/cashback';
import { errorMessage } from '@chok/contract/errors';
import {
  bpToPercent,
  type CashbackKind,
  type CashbackResult,
  claimableDay,
  claimWindow,
  dayBounds,
  LOSS_CATEGORIES,
  LOTTO_CATEGORIES,
  lossCashback,
} from '@chok/engine/engagement/cashback';
import { parseBaht } from '@chok/engine/money';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { thaiDay } from '../../platform/thai-time.ts';
import { lockMember } from '../members/service.ts';
import { accrue } from '../points/service.ts';
import type { ClaimRow } from '../rewards/service.ts';
import { type CashbackDeps, payDay, viewOf, viewsOf } from './pay.ts';
import { payoutOf } from './payout-queries.ts';
import { type DayFigure, memberDayFigures } from './points-queries.ts';
import { type LossSettings, lossRule, readLossSettings } from './settings.ts';
import { categoryLabel, money, statusLabels, thaiBaht } from './views.ts';

/**
 * Loss cashback (คืนยอดเสีย, docs/rules/engagement.md §3): day D's net loss of casino and slot rounds
 * (or, for `lotto`, of lotto bills resulted on D) earns 5%, floored to the satang, from 1.00 baht,
 * claimable on D+1 only (00:00–23:59 Bangkok) and credited to main with no turnover. D is always the
 * server's yesterday (G3); figures are the settled ones (G6), read after bringing the member's
 * accrual up to date; the claim runs under the member lock (G1) and pays once (G2).
 */

export const categoriesOf = (kind: CashbackKind): readonly string[] =>
  kind === 'lotto' ? LOTTO_CATEGORIES : LOSS_CATEGORIES;

const sourceWords: Record<CashbackKind, string> = { loss: 'จากคาสิโนและสล็อต', lotto: 'จากหวย' };

/** Why nothing can be claimed, as the catalogue words it (the status shows it; the claim throws it). */
function refusalOf(kind: CashbackKind, day: string, r: CashbackResult, s: LossSettings): AppError | null {
  if (r.refusal === 'no_loss')
    return new AppError('CASHBACK_NO_LOSS', { date: thaiDay(day), source: sourceWords[kind] });
  if (r.refusal === 'below_minimum')
    return new AppError('CASHBACK_BELOW_MINIMUM', {
      date: thaiDay(day),
      amount: thaiBaht(r.computed),
      minimum: thaiBaht(s.minimum_satang),
    });
  return null;
}

/** What the status says once the day was claimed (amount as "85.00"). */
const claimReason: Record<ClaimRow['status'], (day: string, amount: string) => string> = {
  paid: (day, amount) => `รับคืนยอดเสียของวันที่ ${thaiDay(day)} แล้ว ${thaiBaht(parseBaht(amount))} บาท`,
  held: () => `${statusLabels.held}: ยอดคืนจะเข้ากระเป๋าหลักเมื่อเจ้าหน้าที่ตรวจสอบแล้ว`,
  rejected: () => `${statusLabels.rejected}: กรุณาติดต่อเจ้าหน้าที่`,
  withheld: () => `${statusLabels.withheld}: ยอดที่ถึงกำหนดระหว่างพักการเล่นจะไม่จ่ายย้อนหลัง`,
};

async function figuresOf(ex: Executor, memberId: number, day: string): Promise<DayFigure[]> {
  const { from, to } = dayBounds(day);
  return memberDayFigures(ex, memberId, from, to);
}

/** `POST /api/cashback/loss/claim` and `/lotto_claim`. */
export async function claimCashback(
  d: CashbackDeps,
  memberId: number,
  kind: CashbackKind,
  shownDay?: string,
) {
  const now = d.clock.now();
  const day = claimableDay(now);
  // The member claims the day they were shown; the period is still the server's (G3): a page left
  // open past midnight is told that day's window closed rather than paid for another day.
  if (shownDay !== undefined && shownDay !== day) {
    throw new AppError(shownDay < day ? 'CASHBACK_WINDOW_CLOSED' : 'CASHBACK_NOT_OPEN', {
      date: thaiDay(shownDay),
    });
  }
  const settings = await readLossSettings(d.db);
  await accrue(d, { memberId });
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const earlier = await payoutOf(tx, memberId, kind, day);
    if (earlier) return { claim: await viewOf(tx, earlier), repeated: true };
    if (!settings.enabled) throw new AppError('CASHBACK_CLOSED');
    const rule = lossRule(settings, kind);
    const r = lossCashback(await figuresOf(tx, memberId, day), rule, categoriesOf(kind));
    const refusal = refusalOf(kind, day, r, settings);
    if (refusal) throw refusal;
    const paid = await payDay(tx, d, {
      memberId,
      kind,
      day,
      stake: r.stake,
      payout: r.payout,
      base: r.netLoss,
      rateBp: rule.rateBp,
      amount: r.amount,
      paidBy: 'member',
      staffId: null,
      now,
    });
    return { claim: await viewOf(tx, paid.payout), repeated: !paid.created };
  });
}

/** `GET /api/cashback/loss/status`: yesterday's figures and what each claim would pay now. */
export async function cashbackStatus(d: CashbackDeps, memberId: number) {
  const now = d.clock.now();
  const day = claimableDay(now);
  const settings = await readLossSettings(d.db);
  await accrue(d, { memberId });
  const figures = await figuresOf(d.db, memberId, day);
  const payouts = (
    await Promise.all((['loss', 'lotto'] as const).map((k) => payoutOf(d.db, memberId, k, day)))
  ).filter((p) => p !== undefined);
  const claims = await viewsOf(d.db, memberId, payouts);
  const window = claimWindow(day);

  const of = (kind: CashbackKind) => {
    const rule = lossRule(settings, kind);
    const r = lossCashback(figures, rule, categoriesOf(kind));
    const claim = claims.find((c) => c.kind === kind) ?? null;
    const lines = categoriesOf(kind).map((category) => {
      const f = figures.find((x) => x.category === category);
      const stake = f?.stake ?? 0;
      const payout = f?.payout ?? 0;
      return {
        category: category as 'casino' | 'slot' | 'lotto',
        label: categoryLabel(category),
        stake: money(stake),
        payout: money(payout),
        net_loss: money(stake - payout),
      };
    });
    let state: (typeof cashbackStates)[number];
    let reason: string | null = null;
    if (claim) {
      state = claim.status;
      reason = claimReason[claim.status](day, claim.amount);
    } else if (!settings.enabled) {
      state = 'closed';
      reason = errorMessage('CASHBACK_CLOSED');
    } else {
      state = r.refusal ?? 'claimable';
      reason = refusalOf(kind, day, r, settings)?.message ?? null;
    }
    return {
      kind,
      day,
      lines,
      stake: money(r.stake),
      payout: money(r.payout),
      net_loss: money(r.netLoss),
      rate_percent: bpToPercent(rule.rateBp),
      minimum: money(rule.minimum),
      computed: money(r.computed),
      amount: claim ? claim.amount : state === 'claimable' ? money(r.amount) : '0.00',
      state,
      reason,
      claim,
    };
  };

  return {
    server_time: now.toISOString(),
    day,
    window: { opens_at: window.opensAt.toISOString(), closes_at: window.closesAt.toISOString() },
    loss: of('loss'),
    lotto: of('lotto'),
  };
}
