import { bpToPercent } from '@chok/engine/engagement/cashback';
import { memberRefs } from '../members/service.ts';
import type { CashbackDeps } from './pay.ts';
import type { PayoutKind } from './payout-queries.ts';
import { type CashbackDayFilter, cashbackDays, cashbackPayoutLines } from './rewards-queries.ts';
import { money } from './views.ts';

/**
 * The operator's view of what loss cashback, lotto loss cashback and turnover commission paid
 * (docs/rules/engagement.md §3, §4): per day and kind, then one day member by member. Each payment's
 * status is its reward claim's (G5 holds some for an operator).
 */

interface Paging {
  page: number;
  page_size: number;
}

const satangOf = (text: string) => Number(text);

export async function cashbackDayList(d: CashbackDeps, q: CashbackDayFilter & Paging) {
  const { items, total } = await cashbackDays(
    d.db,
    { kind: q.kind, from: q.from, to: q.to },
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  return {
    items: items.map((r) => ({
      kind: r.kind,
      day: r.day,
      members: r.members,
      amount: money(satangOf(r.amount)),
      paid: r.paid,
      paid_amount: money(satangOf(r.paid_amount)),
      held: r.held,
      held_amount: money(satangOf(r.held_amount)),
      rejected: r.rejected,
      rejected_amount: money(satangOf(r.rejected_amount)),
      withheld: r.withheld,
      withheld_amount: money(satangOf(r.withheld_amount)),
      by_member: r.by_member,
      by_job: r.by_job,
      by_operator: r.by_operator,
      first_at: r.first_at.toISOString(),
      last_at: r.last_at.toISOString(),
    })),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

export async function cashbackPayoutList(d: CashbackDeps, q: { kind: PayoutKind; day: string } & Paging) {
  const { items, total } = await cashbackPayoutLines(
    d.db,
    q.kind,
    q.day,
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  const refs = await memberRefs(
    d.db,
    items.map((r) => r.member_id),
  );
  return {
    items: items.map((r) => ({
      id: r.id,
      member_id: r.member_id,
      phone: refs.get(r.member_id)?.phone ?? '',
      kind: r.kind,
      day: r.day,
      stake: money(satangOf(r.stake_satang)),
      payout: money(satangOf(r.payout_satang)),
      base: money(satangOf(r.base_satang)),
      rate_percent: bpToPercent(r.rate_bp),
      amount: money(satangOf(r.amount_satang)),
      status: r.status,
      paid_by: r.paid_by,
      created_at: r.created_at.toISOString(),
    })),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}
