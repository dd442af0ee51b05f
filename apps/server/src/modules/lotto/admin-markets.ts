import type { MarketSchedule } from '@chok/engine/lotto/schedule';
import type { DeriveRule } from '@chok/engine/lotto/types';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type findMarket,
  lockMarket,
  marketPage,
  rateScheduledRounds,
  updateMarket,
} from './admin-markets-queries.ts';
import { mergeRates, type RateChanges, rateTableView } from './admin-rates.ts';
import type { LottoDeps } from './deps.ts';
import type { RateTable } from './settings.ts';

/** Markets and their schedules as an operator edits them (docs/rules/lottery.md §3, §5). Audited. */

type MarketRow = NonNullable<Awaited<ReturnType<typeof findMarket>>>;

export function marketView(m: MarketRow) {
  return {
    market_id: m.id,
    code: m.code,
    name: m.name,
    category_id: m.category_id,
    derive_rule: m.derive_rule,
    is_active: m.is_active,
    sort_order: m.sort_order,
    schedule: m.schedule as Record<string, unknown>,
    rates: rateTableView(m.rates as unknown as RateTable),
    auto_refund_no_result: m.auto_refund_no_result,
    sealed_close: m.sealed_close,
    cancel_before_minutes: m.cancel_before_minutes,
  };
}

export async function listMarkets(d: LottoDeps, q: { page: number; page_size: number }) {
  const { rows, total } = await marketPage(d.db, (q.page - 1) * q.page_size, q.page_size);
  return { items: rows.map(marketView), total, page: q.page, page_size: q.page_size };
}

/** JSON with keys in order, so that a schedule sent back unchanged compares equal to the stored one. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** Yeekee markets run on a yeekee schedule and every other market on a calendar one. */
function checkSchedule(rule: DeriveRule, s: MarketSchedule): void {
  if ((rule === 'yeekee') !== (s.type === 'yeekee'))
    throw new AppError(
      'LOTTO_SCHEDULE_INVALID',
      { detail: rule === 'yeekee' ? 'หวยยี่กีต้องใช้ตารางแบบรอบยี่กี' : 'ตลาดนี้ใช้ตารางแบบรายเดือนหรือรายสัปดาห์' },
      { 'schedule.type': 'ประเภทตารางเวลาไม่ตรงกับตลาด' },
    );
}

/**
 * Edits a market. Rounds copy their market's settings when they are created (docs/rules/lottery.md
 * §3.2): a round already open keeps its rates, and its placed bills keep theirs; a round created but
 * not yet open (no bill can be on it) takes the new rates unless an operator overrode its own. A new
 * schedule applies to the rounds the scheduler creates from now on.
 */
export async function editMarket(
  d: LottoDeps,
  id: number,
  b: {
    name?: string | undefined;
    is_active?: boolean | undefined;
    sort_order?: number | undefined;
    schedule?: MarketSchedule | undefined;
    rates?: RateChanges | undefined;
    auto_refund_no_result?: boolean | undefined;
    cancel_before_minutes?: number | undefined;
    reason?: string | undefined;
  },
  staff: { staffId: number; role: string },
) {
  const staffId = staff.staffId;
  return inTransaction(d.db, async (tx) => {
    const m = await lockMarket(tx, id);
    if (!m) throw new AppError('LOTTO_MARKET_NOT_FOUND');
    if (b.schedule) checkSchedule(m.derive_rule, b.schedule);
    // A draw date or time is the owner's to change (docs/rules/lottery.md §5); audited below.
    if (b.schedule && canonical(b.schedule) !== canonical(m.schedule) && staff.role !== 'owner')
      throw new AppError('LOTTO_SCHEDULE_OWNER_ONLY');
    const rates = b.rates ? mergeRates(m.rates as unknown as RateTable, b.rates, m.derive_rule) : null;
    const updated = await updateMarket(tx, id, {
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.is_active !== undefined ? { is_active: b.is_active } : {}),
      ...(b.sort_order !== undefined ? { sort_order: b.sort_order } : {}),
      ...(b.schedule ? { schedule: JSON.stringify(b.schedule) } : {}),
      ...(rates ? { rates: JSON.stringify(rates) } : {}),
      ...(b.auto_refund_no_result !== undefined ? { auto_refund_no_result: b.auto_refund_no_result } : {}),
      ...(b.cancel_before_minutes !== undefined ? { cancel_before_minutes: b.cancel_before_minutes } : {}),
    });
    const scheduled = rates ? await rateScheduledRounds(tx, id, JSON.stringify(rates)) : 0;
    const { reason, ...changes } = b;
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'lotto.market.update',
      entity: 'lotto_market',
      entityId: id,
      before: marketView(m),
      after: { ...changes, ...(reason ? { reason } : {}), scheduled_rounds_updated: scheduled },
    });
    await d.events.publish(tx, 'lotto', 'rounds', { market_id: id, changed: 'market' });
    return { ...marketView(updated), scheduled_rounds_updated: scheduled };
  });
}
