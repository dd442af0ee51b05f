import {
  type CostSource,
  costSourceLabels,
  costSources,
  type ReportCategory,
  reportCategories,
  reportCategoryLabels,
} from '@chok/contract/api/admin-reports';
import { addDays, bangkokDate, endOfBangkokDay, startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import { formatBaht } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newMembersByDay } from './members-queries.ts';
import { storeDays, storedDays } from './report-day-queries.ts';
import { gameLedgerByCategory, ledgerDayFigures } from './wallet-queries.ts';

export interface ReportsDeps {
  db: Db;
  clock: Clock;
}

/** One day's sums in satang, as they are added up. */
interface Sums {
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  stake: Record<ReportCategory, number>;
  payout: Record<ReportCategory, number>;
  costs: Record<CostSource, number>;
  forfeited: number;
  new_members: number;
  active_members: number;
}

const perCategory = () =>
  Object.fromEntries(reportCategories.map((c) => [c, 0])) as Record<ReportCategory, number>;
const empty = (): Sums => ({
  deposits: 0,
  deposit_count: 0,
  withdrawals: 0,
  withdrawal_count: 0,
  stake: perCategory(),
  payout: perCategory(),
  costs: Object.fromEntries(costSources.map((c) => [c, 0])) as Record<CostSource, number>,
  forfeited: 0,
  new_members: 0,
  active_members: 0,
});

/** A catalogue category as the dashboard groups it: free spins are slots. */
function reportCategory(category: string): ReportCategory {
  if (category === 'freespin') return 'slot';
  return (reportCategories as readonly string[]).includes(category) ? (category as ReportCategory) : 'casino';
}

/** A reward's feature (the first part of its ledger key) as a cost source. */
function costSource(bucket: string): CostSource {
  return (costSources as readonly string[]).includes(bucket) ? (bucket as CostSource) : 'other';
}

/** How long after a Bangkok day ends its figures are taken as final (a transaction begun in it has committed). */
const CLOSE_GRACE_MS = 2 * 3600_000;

/**
 * Each day of [from, to] summed from the ledger in three set-based reads — the ledger's day × kind
 * sums with the active members, the game transfers by category, the new members.
 */
async function computeDays(d: ReportsDeps, from: string, to: string): Promise<Map<string, Sums>> {
  const start = startOfBangkokDay(from);
  const end = endOfBangkokDay(to);
  const [ledger, games, members] = await Promise.all([
    ledgerDayFigures(d.db, start, end),
    gameLedgerByCategory(d.db, start, end),
    newMembersByDay(d.db, start, end),
  ]);

  const days = new Map<string, Sums>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, empty());
  const sumsOf = (day: string) => days.get(day);

  for (const r of ledger) {
    const s = sumsOf(r.day);
    if (!s) continue;
    const amount = Number(r.amount);
    if (r.kind === null) {
      s.active_members = Number(r.active);
      continue;
    }
    switch (r.kind) {
      case 'deposit':
        s.deposits += amount;
        s.deposit_count += Number(r.n);
        break;
      case 'withdraw_paid':
        s.withdrawals += amount;
        s.withdrawal_count += Number(r.n);
        break;
      case 'bet':
        if (r.bucket === 'lotto') s.stake.lotto += amount;
        break;
      case 'refund':
        if (r.bucket === 'lotto') s.stake.lotto -= amount;
        break;
      case 'win':
        if (r.bucket === 'lotto') s.payout.lotto += amount;
        break;
      case 'adjustment':
      case 'debt_recovery':
        if (r.bucket === 'lotto') s.payout.lotto -= amount;
        break;
      case 'reward':
      case 'bonus':
        s.costs[costSource(r.bucket ?? '')] += amount;
        break;
      case 'forfeit':
        s.forfeited += amount;
        break;
    }
  }
  for (const r of games) {
    const s = sumsOf(r.day);
    if (!s) continue;
    const c = reportCategory(r.category);
    const amount = Number(r.amount);
    if (r.kind === 'bet') s.stake[c] += amount;
    else if (r.kind === 'refund') s.stake[c] -= amount;
    else s.payout[c] += amount;
  }
  for (const [day, n] of members) {
    const s = sumsOf(day);
    if (s) s.new_members = n;
  }
  return days;
}

/**
 * `GET /api/admin/reports/dashboard` (the console's dashboard): each Bangkok day of [to − days, to] from
 * the ledger (docs/rules/casino.md §2).
 * - deposits: credited deposits; withdrawals: paid withdrawals (a held request is not out yet);
 * - stake: bets less refunds; payout: wins less reversed lottery wins (taken back or recovered);
 *   GGR = stake − payout, per category;
 * - bonus cost: promotion bonuses and rewards credited, by source, less what was forfeited.
 * A closed day (ended two hours ago or more) is computed once and kept in `report_day`: the ledger
 * is append-only and dated by when a transfer was written, so its sums cannot change. Only the
 * open days (today) are read from the ledger on every call, which keeps the call fast however big
 * the ledger grows (scripts/measure-dashboard.ts).
 */
export async function dashboard(d: ReportsDeps, q: { days: number; to?: string | undefined }) {
  const now = d.clock.now();
  const today = bangkokDate(now);
  const to = q.to ?? today;
  if (to > today)
    throw new AppError('REPORT_DAY_IN_FUTURE', {}, { to: new AppError('REPORT_DAY_IN_FUTURE').message });
  const from = addDays(to, -q.days);
  const closed = (day: string) => endOfBangkokDay(day).getTime() + CLOSE_GRACE_MS <= now.getTime();

  const days = new Map<string, Sums>();
  const stored = await storedDays(d.db, from, to);
  const missing: string[] = [];
  const open: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const kept = stored.get(day);
    if (kept) days.set(day, { ...empty(), ...(kept as Partial<Sums>) });
    else (closed(day) ? missing : open).push(day);
  }
  if (missing.length > 0) {
    const computed = await computeDays(d, missing[0]!, missing[missing.length - 1]!);
    const keep = missing.map((day) => ({ day, figures: computed.get(day)! }));
    for (const k of keep) days.set(k.day, k.figures);
    await storeDays(d.db, keep);
  }
  if (open.length > 0) {
    const computed = await computeDays(d, open[0]!, open[open.length - 1]!);
    for (const day of open) days.set(day, computed.get(day)!);
  }
  const ordered = new Map([...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));

  const view = (s: Sums) => {
    const stake = reportCategories.reduce((a, c) => a + s.stake[c], 0);
    const payout = reportCategories.reduce((a, c) => a + s.payout[c], 0);
    const cost = costSources.reduce((a, c) => a + s.costs[c], 0);
    return {
      deposits: formatBaht(s.deposits),
      deposit_count: s.deposit_count,
      withdrawals: formatBaht(s.withdrawals),
      withdrawal_count: s.withdrawal_count,
      stake: formatBaht(stake),
      payout: formatBaht(payout),
      ggr: formatBaht(stake - payout),
      categories: reportCategories.map((c) => ({
        category: c,
        label: reportCategoryLabels[c],
        stake: formatBaht(s.stake[c]),
        payout: formatBaht(s.payout[c]),
        ggr: formatBaht(s.stake[c] - s.payout[c]),
      })),
      bonus_cost: formatBaht(cost - s.forfeited),
      costs: costSources
        .filter((c) => s.costs[c] !== 0)
        .map((c) => ({ source: c, label: costSourceLabels[c], amount: formatBaht(s.costs[c]) })),
      forfeited: formatBaht(s.forfeited),
    };
  };

  const total = empty();
  for (const s of ordered.values()) {
    total.deposits += s.deposits;
    total.deposit_count += s.deposit_count;
    total.withdrawals += s.withdrawals;
    total.withdrawal_count += s.withdrawal_count;
    for (const c of reportCategories) {
      total.stake[c] += s.stake[c];
      total.payout[c] += s.payout[c];
    }
    for (const c of costSources) total.costs[c] += s.costs[c];
    total.forfeited += s.forfeited;
    total.new_members += s.new_members;
  }

  return {
    today,
    from,
    to,
    days: [...ordered.entries()].map(([day, s]) => ({
      day,
      ...view(s),
      new_members: s.new_members,
      active_members: s.active_members,
    })),
    total: { ...view(total), new_members: total.new_members },
  };
}
