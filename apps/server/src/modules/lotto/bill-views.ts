import { formatBaht } from '@chok/engine/money';
import type { CheckedItem } from './bill-check.ts';
import type { BillRow, ItemRow } from './bill-queries.ts';
import type { RoundRow } from './round-queries.ts';

/** A bill as members read it; `cancellable` while its regular round is open and before the cancel cut-off. */
export function billView(
  b: BillRow,
  r: Pick<
    RoundRow,
    'market_name' | 'business_date' | 'round_no' | 'close_at' | 'status' | 'derive_rule' | 'settings'
  >,
  now: Date,
) {
  const cancelBy = r.close_at.getTime() - r.settings.cancel_before_minutes * 60_000;
  return {
    bill_id: b.id,
    round_id: b.round_id,
    market_name: r.market_name,
    business_date: r.business_date,
    round_no: r.round_no,
    wallet_type_id: b.wallet_type_id,
    status: b.status as 'pending',
    total_amount: formatBaht(b.total_stake),
    total_win: formatBaht(b.total_win),
    item_count: b.item_count,
    created_at: b.created_at.toISOString(),
    close_at: r.close_at.toISOString(),
    cancellable:
      b.status === 'pending' &&
      r.derive_rule !== 'yeekee' &&
      r.status === 'open' &&
      now.getTime() <= cancelBy,
  };
}

export function itemView(i: ItemRow) {
  return {
    id: i.id,
    bet_type: i.bet_type as 'three_top',
    number: i.number,
    amount: formatBaht(i.stake),
    rate: Number(i.rate_snapshot).toFixed(2),
    potential_win: formatBaht(i.potential_win),
    status: i.status as 'pending',
    win_amount: formatBaht(i.win_amount),
  };
}

export function problemView(p: CheckedItem['problems'][number]) {
  return {
    code: p.code,
    message: p.message,
    warning: p.warning,
    ...(p.remaining !== undefined ? { remaining: p.remaining } : {}),
  };
}
