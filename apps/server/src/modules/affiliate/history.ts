import { maskName } from '@chok/engine/engagement/affiliate';
import { formatBaht, satang } from '@chok/engine/money';
import type { Executor } from '../../platform/db.ts';
import { memberRefs } from '../members/service.ts';
import { entriesPage } from './account-queries.ts';
import { linesOf, payoutsPage } from './commission-queries.ts';
import { percentText } from './settings.ts';
import { entryView } from './views.ts';

/** `GET /api/affiliate/transactions`: the affiliate balance's statement, newest first. */
export async function transactions(ex: Executor, memberId: number, page: number, perPage: number) {
  const { items, total } = await entriesPage(ex, memberId, perPage, (page - 1) * perPage);
  return { items: items.map(entryView), page, per_page: perPage, total };
}

/** `GET /api/affiliate/v2/transactions`: each computed day with its lines (masked names). */
export async function commissionHistory(ex: Executor, memberId: number, page: number, perPage: number) {
  const { items, total } = await payoutsPage(ex, memberId, perPage, (page - 1) * perPage);
  const lines = await linesOf(
    ex,
    memberId,
    items.map((p) => p.day),
  );
  const names = await memberRefs(
    ex,
    lines.map((l) => l.downline_id),
  );
  return {
    items: items.map((p) => ({
      day: p.day,
      amount: formatBaht(satang(p.amount_satang)),
      credited_at: p.created_at.toISOString(),
      lines: lines
        .filter((l) => l.day === p.day)
        .map((l) => ({
          level: l.level,
          name: maskName(names.get(l.downline_id)?.account_name ?? ''),
          net_loss: formatBaht(satang(l.net_loss_satang)),
          percent: percentText(l.rate_bp),
          commission: formatBaht(satang(l.commission_satang)),
          counted: !l.excluded,
        })),
    })),
    page,
    per_page: perPage,
    total,
  };
}
