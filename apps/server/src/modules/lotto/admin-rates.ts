import { rateToX100, x100ToRate } from '@chok/engine/lotto/match';
import { type BetType, betTypeLabels, betTypes, type DeriveRule } from '@chok/engine/lotto/types';
import { AppError } from '../../platform/errors.ts';
import type { RateTable, TypeSetting } from './settings.ts';

/**
 * Rate tables as an operator edits them (docs/rules/lottery.md §3): a market's defaults and a round's
 * overrides are merged, checked and compared the same way.
 */

export type RateChanges = Partial<Record<BetType, Partial<Omit<TypeSetting, 'rate'> & { rate: string }>>>;

/** `base` with `changes` applied, each bet type checked: rate, min ≤ max ≤ ceiling, GLO-only types. */
export function mergeRates(base: RateTable, changes: RateChanges, rule: DeriveRule): RateTable {
  const merged = { ...base };
  for (const t of betTypes) {
    const change = changes[t];
    if (!change) continue;
    const next: TypeSetting = { ...base[t], ...change };
    if (change.rate !== undefined) next.rate = x100ToRate(rateToX100(change.rate));
    merged[t] = next;
  }
  for (const t of betTypes) checkSetting(t, merged[t], rule);
  return merged;
}

function refuse(t: BetType, detail: string, field: string): never {
  throw new AppError(
    'LOTTO_RATE_INVALID',
    { type: betTypeLabels[t], detail },
    { [`rates.${t}.${field}`]: detail },
  );
}

function checkSetting(t: BetType, s: TypeSetting | undefined, rule: DeriveRule): void {
  if (!s) return;
  if (!s.enabled) return;
  if ((t === 'three_front' || t === 'three_back') && rule !== 'glo')
    refuse(t, 'เปิดได้เฉพาะหวยรัฐบาลไทย', 'enabled');
  if (rateToX100(s.rate) <= 0) refuse(t, 'อัตราจ่ายต้องมากกว่า 0', 'rate');
  if (s.min > s.max) refuse(t, 'ขั้นต่ำต้องไม่มากกว่าสูงสุดต่อรายการ', 'min');
  if (s.max > s.ceiling) refuse(t, 'สูงสุดต่อรายการต้องไม่มากกว่ายอดรับสูงสุดต่อเลข', 'max');
}

/** Per bet type, the fields of `rates` that differ from `market`; null when none do. */
export function rateOverrides(rates: RateTable, market: RateTable): RateChanges | null {
  const out: RateChanges = {};
  for (const t of betTypes) {
    const r = rates[t];
    const m = market[t];
    if (!r) continue;
    const diff: Partial<TypeSetting> = {};
    for (const k of ['enabled', 'rate', 'min', 'max', 'ceiling'] as const) {
      const same = k === 'rate' ? m && rateToX100(r.rate) === rateToX100(m.rate) : m?.[k] === r[k];
      if (!same) Object.assign(diff, { [k]: r[k] });
    }
    if (Object.keys(diff).length > 0) out[t] = diff;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** A rate table as the contract shows it (rates with two decimals). */
export function rateTableView(rates: RateTable): RateTable {
  const out = {} as RateTable;
  for (const t of betTypes)
    if (rates[t]) out[t] = { ...rates[t], rate: x100ToRate(rateToX100(rates[t].rate)) };
  return out;
}
