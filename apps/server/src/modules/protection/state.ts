import { startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import {
  type LimitKind,
  type LimitPeriod,
  limitPeriods,
  periodEnd,
  periodStart,
} from '@chok/engine/engagement/protection';
import type { Executor } from '../../platform/db.ts';
import type { ProtectionDeps } from './deps.ts';
import { databasePeriodStarts, limitRows, memberRow } from './state-queries.ts';
import { blockView, limitViews, lossUsed } from './views.ts';

/** The instant each period holding `now` started (Bangkok), in day, week, month order. */
export function periodStarts(now: Date): Date[] {
  return limitPeriods.map((p) => startOfBangkokDay(periodStart(p, now)));
}

/** A member's protection settings as the contract shows them (docs/rules/protection.md §1–4). */
export async function stateOf(d: ProtectionDeps, ex: Executor, memberId: number, now: Date) {
  const [member, rows] = await Promise.all([memberRow(ex, memberId), limitRows(ex, memberId)]);
  const hasDepositLimit = rows.some((r) => r.kind === 'deposit');
  const deposited = hasDepositLimit
    ? await d.depositsCountedSince(ex, memberId, periodStarts(now))
    : [0, 0, 0];
  // The loss counters move by the database's clock (protection/sql/protection_count_loss.sql), so their current periods are the
  // database's too.
  const lossStarts = rows.some((r) => r.kind === 'loss') ? await databasePeriodStarts(ex) : null;
  const used = (kind: LimitKind, period: LimitPeriod) =>
    kind === 'loss' ? lossUsed(rows, period, lossStarts) : (deposited[limitPeriods.indexOf(period)] ?? 0);
  const resetsAt = (kind: LimitKind, period: LimitPeriod) =>
    periodEnd(period, kind === 'loss' && lossStarts ? startOfBangkokDay(lossStarts[period]) : now);
  return {
    limits: limitViews(rows, used, resetsAt),
    reality_check_minutes: member?.reality_check_minutes ?? null,
    block: blockView(member, now),
    cooling_off_hours: d.coolingOffHours,
    server_time: now.toISOString(),
  };
}
