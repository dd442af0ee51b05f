import { rateToX100, x100ToRate } from '@chok/engine/lotto/match';
import { type BetType, betTypeLabels, betTypes, type RoundResult } from '@chok/engine/lotto/types';
import { bahtToSatang } from '@chok/engine/money';
import type { numberLimitsWithExposure, RoundRow } from './round-queries.ts';
import type { RateTable } from './settings.ts';

/** A final round's state as an operator reads it in a refusal. */
export const ROUND_STATE_LABELS: Record<string, string> = {
  resulted: 'ออกผล',
  settled: 'ออกผลและจ่ายรางวัล',
  cancelled: 'ถูกยกเลิก',
};

export function roundSummary(r: RoundRow) {
  return {
    round_id: r.id,
    market_id: r.market_id,
    market_code: r.market_code,
    market_name: r.market_name,
    category_id: r.category_id,
    derive_rule: r.derive_rule,
    business_date: r.business_date,
    round_no: r.round_no,
    status: r.status,
    open_at: r.open_at.toISOString(),
    close_at: r.close_at.toISOString(),
    shoot_close_at: r.shoot_close_at?.toISOString() ?? null,
    expected_result_at: r.expected_result_at.toISOString(),
  };
}

export function rateLines(rates: RateTable) {
  return betTypes
    .filter((t) => rates[t])
    .map((t) => ({
      bet_type: t,
      label: betTypeLabels[t],
      rate: x100ToRate(rateToX100(rates[t].rate)),
      min: rates[t].min,
      max: rates[t].max,
      enabled: rates[t].enabled,
    }));
}

/** The result members may see: only once it is entered (resulted or settled). */
export const publishedResult = (r: Pick<RoundRow, 'status' | 'result'>): RoundResult | null =>
  r.status === 'resulted' || r.status === 'settled' ? r.result : null;

/** A round's per-type limits and its เลขอั้น, with what is left under each capped number, in whole baht. */
export function limitView(r: RoundRow, rows: Awaited<ReturnType<typeof numberLimitsWithExposure>>) {
  return {
    round_id: r.id,
    types: betTypes
      .filter((t) => r.settings.rates[t]?.enabled)
      .map((t) => ({
        bet_type: t,
        min: r.settings.rates[t].min,
        max: r.settings.rates[t].max,
        ceiling: r.settings.rates[t].ceiling,
      })),
    numbers: rows.map((l) => {
      const t = r.settings.rates[l.bet_type as BetType];
      const roundRate = t ? rateToX100(t.rate) : 0;
      const ceilingSatang = Math.min(bahtToSatang(t?.ceiling ?? 0), l.cap ?? Number.MAX_SAFE_INTEGER);
      return {
        bet_type: l.bet_type as BetType,
        number: l.number,
        action: l.action as 'closed',
        rate:
          l.action === 'reduced_rate'
            ? x100ToRate(l.rate !== null ? rateToX100(l.rate) : Math.floor(roundRate / 2))
            : null,
        remaining:
          l.action === 'capped'
            ? Math.max(0, Math.floor((ceilingSatang - (l.accepted_amount ?? 0)) / 100))
            : null,
      };
    }),
  };
}

/** A round's result with, for yeekee, the shot count, the sum once published and the sealed close. */
export function resultView(r: RoundRow) {
  const res = publishedResult(r);
  const isYeekee = r.derive_rule === 'yeekee';
  const revealed = r.status === 'resulted' || r.status === 'settled' || r.status === 'cancelled';
  return {
    round_id: r.id,
    status: r.status,
    result: res,
    result_version: r.result_version,
    result_hash: res && r.result_hash ? r.result_hash.toString('hex') : null,
    yeekee: isYeekee
      ? {
          // The count is public while shooting is open (docs/rules/lottery.md §9 Transparency 1);
          // the sum is not.
          shots: r.shot_count,
          sum: res ? r.yeekee_sum : null,
          p16: res ? r.yeekee_p16 : null,
          r: res ? r.yeekee_r : null,
          seal: r.seal_commitment
            ? {
                commitment: r.seal_commitment,
                offset_ms: revealed ? r.seal_offset_ms : null,
                salt: revealed ? r.seal_salt : null,
              }
            : null,
        }
      : null,
  };
}
