import { type FigureCategory, figureCategories } from '@chok/contract/api/cashback';
import { addDays, bangkokDate, endOfBangkokDay, startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import { accrue } from '../points/service.ts';
import type { CashbackDeps } from './pay.ts';
import { memberDayFigures } from './points-queries.ts';
import { categoryLabel, money } from './views.ts';

/**
 * `GET /api/member/winloss` (docs/rules/engagement.md §12): the member's own settled figures (G6) —
 * stake, payout and net (payout − stake) per Bangkok day and category over the last `days` days,
 * today included, lotto included. Read-only.
 */
export async function memberWinloss(d: CashbackDeps, memberId: number, days: number) {
  const to = bangkokDate(d.clock.now());
  const from = addDays(to, -(days - 1));
  await accrue(d, { memberId });
  const rows = await memberDayFigures(d.db, memberId, startOfBangkokDay(from), endOfBangkokDay(to));
  const figure = (stake: number, payout: number) => ({
    stake: money(stake),
    payout: money(payout),
    net: money(payout - stake),
  });
  const order = (c: string) => figureCategories.indexOf(c as FigureCategory);

  const byDay = new Map<string, typeof rows>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const dayList = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([day, lines]) => {
      const stake = lines.reduce((s, l) => s + l.stake, 0);
      const payout = lines.reduce((s, l) => s + l.payout, 0);
      return {
        day,
        ...figure(stake, payout),
        lines: lines
          .sort((a, b) => order(a.category) - order(b.category))
          .map((l) => ({
            category: l.category as FigureCategory,
            label: categoryLabel(l.category),
            count: l.count,
            ...figure(l.stake, l.payout),
          })),
      };
    });

  const byCategory = new Map<string, { stake: number; payout: number }>();
  for (const r of rows) {
    const c = byCategory.get(r.category) ?? { stake: 0, payout: 0 };
    byCategory.set(r.category, { stake: c.stake + r.stake, payout: c.payout + r.payout });
  }
  const stake = rows.reduce((s, r) => s + r.stake, 0);
  const payout = rows.reduce((s, r) => s + r.payout, 0);
  return {
    from,
    to,
    days: dayList,
    categories: [...byCategory.entries()]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([category, c]) => ({
        category: category as FigureCategory,
        label: categoryLabel(category),
        ...figure(c.stake, c.payout),
      })),
    total: figure(stake, payout),
  };
}
