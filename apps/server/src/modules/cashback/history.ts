import { bangkokDate } from '@chok/engine/bangkok-calendar';
import {
  bpToPercent,
  COMMISSION_CATEGORIES,
  dayBounds,
  turnoverCommission,
} from '@chok/engine/engagement/cashback';
import { accrue } from '../points/service.ts';
import type { CashbackDeps } from './pay.ts';
import { viewsOf } from './pay.ts';
import { type PayoutKind, payoutsPage } from './payout-queries.ts';
import { memberDayFigures } from './points-queries.ts';
import { commissionRule, readCommissionSettings } from './settings.ts';
import { categoryLabel, money } from './views.ts';

/** `GET /api/cashback/loss/history`: the member's loss cashback, newest day first. */
export async function lossHistory(
  d: CashbackDeps,
  memberId: number,
  q: { kind: 'all' | 'loss' | 'lotto'; page: number; per_page: number },
) {
  const kinds: PayoutKind[] = q.kind === 'all' ? ['loss', 'lotto'] : [q.kind];
  const { items, total } = await payoutsPage(d.db, memberId, kinds, q.per_page, (q.page - 1) * q.per_page);
  return { items: await viewsOf(d.db, memberId, items), page: q.page, per_page: q.per_page, total };
}

/**
 * `GET /api/cashback/turnover/history`: the commission paid at 01:00 for each day, newest first,
 * with today's settled turnover so far and what it would pay (docs/rules/engagement.md §4).
 */
export async function turnoverHistory(
  d: CashbackDeps,
  memberId: number,
  q: { page: number; per_page: number },
) {
  const settings = await readCommissionSettings(d.db);
  const rule = commissionRule(settings);
  const today = bangkokDate(d.clock.now());
  await accrue(d, { memberId });
  const { from, to } = dayBounds(today);
  const figures = await memberDayFigures(d.db, memberId, from, to);
  const sofar = turnoverCommission(
    figures.map((f) => ({ category: f.category, stake: f.turnover, payout: f.payout })),
    rule,
  );
  const { items, total } = await payoutsPage(
    d.db,
    memberId,
    ['commission'],
    q.per_page,
    (q.page - 1) * q.per_page,
  );
  return {
    enabled: settings.enabled,
    rate_percent: bpToPercent(rule.rateBp),
    minimum: money(rule.minimum),
    categories: COMMISSION_CATEGORIES.map((category) => ({ category, label: categoryLabel(category) })),
    today: {
      day: today,
      turnover: money(sofar.turnover),
      estimate: money(settings.enabled ? sofar.amount : 0),
    },
    items: await viewsOf(d.db, memberId, items),
    page: q.page,
    per_page: q.per_page,
    total,
  };
}
