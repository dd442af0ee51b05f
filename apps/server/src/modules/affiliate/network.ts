import type { Executor } from '../../platform/db.ts';
import { networkCounts, networkPage } from './members-queries.ts';
import { ACTIVE_DAYS } from './programme.ts';
import { networkItemView } from './views.ts';
import { depositedSince } from './wallet-queries.ts';

/**
 * `POST /api/affiliate/network` (docs/rules/engagement.md §11 rule 4): the member's network two levels
 * down, newest first, each with a masked name and phone, the join date and whether they deposited in
 * the last 30 days.
 */
export async function network(
  ex: Executor,
  now: Date,
  memberId: number,
  o: { level: 1 | 2 | null; page: number; perPage: number },
) {
  const [rows, counts] = await Promise.all([
    networkPage(ex, memberId, o.level, o.perPage, (o.page - 1) * o.perPage),
    networkCounts(ex, memberId),
  ]);
  const active = await depositedSince(
    ex,
    rows.map((r) => r.id),
    new Date(now.getTime() - ACTIVE_DAYS * 86_400_000),
  );
  const total = o.level === 1 ? counts.level1 : o.level === 2 ? counts.level2 : counts.level1 + counts.level2;
  return {
    items: rows.map((r) => networkItemView(r, active.has(r.id))),
    counts,
    page: o.page,
    per_page: o.perPage,
    total,
  };
}
