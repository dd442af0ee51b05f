import { type BetType, type RoundResult, todKey } from './types.ts';

/**
 * The winning set of a result: per bet type, the keys that win. `three_tod` keys are sorted digits
 * (matched against an item's tod_key); every other type matches the item's number. Keys are
 * distinct, so an item pays at most once (docs/rules/lottery.md §2.2).
 */
export function winningKeys(r: RoundResult): Record<BetType, string[]> {
  const uniq = (xs: readonly string[]) => [...new Set(xs)];
  return {
    three_top: [r.top3],
    three_tod: [todKey(r.top3)],
    three_front: uniq(r.front3 ?? []),
    three_back: uniq(r.back3 ?? []),
    two_top: [r.top2],
    two_bottom: [r.bottom2],
    run_top: uniq([...r.top3]),
    run_bottom: uniq([...r.bottom2]),
  };
}

/** Whether one item wins against a result. */
export function itemWins(betType: BetType, number: string, r: RoundResult): boolean {
  const key = betType === 'three_tod' ? todKey(number) : number;
  return winningKeys(r)[betType].includes(key);
}

/**
 * Rates are carried as hundredths of a baht per baht ("3.20" → 320) so a payout is exact integer
 * satang: stake (whole baht) × rate = stake_baht × rate_x100 satang.
 */
export function rateToX100(rate: string | number): number {
  const text = typeof rate === 'number' ? rate.toFixed(2) : rate;
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m?.[1]) throw new RangeError(`not a rate with at most 2 decimals: ${rate}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export function x100ToRate(x100: number): string {
  return `${Math.trunc(x100 / 100)}.${String(x100 % 100).padStart(2, '0')}`;
}

/** Payout in satang of a winning item: stake × rate; the stake is not returned on top. */
export function payoutSatang(stakeBaht: number, rateX100: number): number {
  if (!Number.isSafeInteger(stakeBaht) || stakeBaht < 0) throw new RangeError(`bad stake ${stakeBaht}`);
  return stakeBaht * rateX100;
}

/** Settles one item: its win in satang (0 when it loses). */
export function settleItem(
  item: { betType: BetType; number: string; stakeBaht: number; rateX100: number },
  r: RoundResult,
): number {
  return itemWins(item.betType, item.number, r) ? payoutSatang(item.stakeBaht, item.rateX100) : 0;
}
