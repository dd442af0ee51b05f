import { formatBaht, type Satang } from '@chok/engine/money';
import type { Executor } from '../../platform/db.ts';
import { type AccrualDeps, accrue } from './accrual.ts';
import { accountOf, historyPage } from './ledger-queries.ts';
import { pointKindLabels } from './views.ts';

/** The member's points, after reading their settled play that the minute job has not reached yet. */
export async function memberPoints(d: AccrualDeps, memberId: number) {
  await accrue(d, { memberId });
  const a = await accountOf(d.db, memberId);
  return { point: a?.balance ?? 0, carry: formatBaht((a?.carry_satang ?? 0) as Satang) };
}

export async function pointBalance(ex: Executor, memberId: number): Promise<number> {
  return (await accountOf(ex, memberId))?.balance ?? 0;
}

export async function pointHistory(ex: Executor, memberId: number, page: number, perPage: number) {
  const { items, total } = await historyPage(ex, memberId, perPage, (page - 1) * perPage);
  return {
    items: items.map((t) => ({
      id: t.id,
      created_at: t.created_at.toISOString(),
      kind: t.kind as keyof typeof pointKindLabels,
      kind_label: pointKindLabels[t.kind as keyof typeof pointKindLabels] ?? t.kind,
      description: t.reference || (pointKindLabels[t.kind as keyof typeof pointKindLabels] ?? ''),
      amount: t.amount,
      balance_after: t.balance_after,
    })),
    page,
    per_page: perPage,
    total,
  };
}
