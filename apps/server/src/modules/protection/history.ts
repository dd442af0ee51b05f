import { addMonths, bangkokMonth, startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import { formatBaht } from '@chok/engine/money';
import type { ProtectionDeps } from './deps.ts';
import { eventsSince } from './state-queries.ts';
import { changeView } from './views.ts';
import { monthlyTotals } from './wallet-queries.ts';

const YEAR_MS = 365 * 86_400_000;

/** The 12 Bangkok months up to `now`'s, newest first ("YYYY-MM"). */
export function lastTwelveMonths(now: Date): string[] {
  const month = bangkokMonth(now);
  return Array.from({ length: 12 }, (_, i) => addMonths(month, -i));
}

/** A member's changes of the last 12 months, told in Thai (docs/rules/protection.md §6). */
export async function changesOf(d: Pick<ProtectionDeps, 'db'>, memberId: number, now: Date) {
  const rows = await eventsSince(d.db, memberId, new Date(now.getTime() - YEAR_MS));
  return rows.map(changeView);
}

/** The 12-month account history for self-review (§6.1): money in and out and the result, per month. */
export async function history(d: ProtectionDeps, memberId: number) {
  const now = d.clock.now();
  const months = lastTwelveMonths(now);
  const oldest = months[months.length - 1]!;
  const since = startOfBangkokDay(`${oldest}-01`);
  const [totals, changes] = await Promise.all([
    monthlyTotals(d.db, memberId, since),
    changesOf(d, memberId, now),
  ]);
  return {
    months: months.map((month) => {
      const t = totals.find((x) => x.month === month);
      const stakes = t?.stakes ?? 0;
      const returns = t?.returns ?? 0;
      const deposits = t?.deposits ?? 0;
      const withdrawals = t?.withdrawals ?? 0;
      return {
        month,
        deposits: formatBaht(deposits),
        withdrawals: formatBaht(withdrawals),
        net_deposits: formatBaht(deposits - withdrawals),
        stakes: formatBaht(stakes),
        returns: formatBaht(returns),
        net: formatBaht(returns - stakes),
      };
    }),
    changes,
  };
}
