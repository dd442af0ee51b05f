import { type ErrorCode, errorMessage } from '@chok/contract/errors';
import { payoutSatang, rateToX100, x100ToRate } from '@chok/engine/lotto/match';
import { type BetType, betTypeLabels, isValidNumber } from '@chok/engine/lotto/types';
import { bahtToSatang } from '@chok/engine/money';
import type { RoundSettings } from './settings.ts';

export interface ItemInput {
  bet_type: BetType;
  number: string;
  /** The stake in whole baht, as the member sends it. */
  amount: number;
}

export interface NumberLimit {
  bet_type: string;
  number: string;
  action: 'closed' | 'reduced_rate' | 'capped';
  rate: string | null;
  /** The number's own ceiling in satang (action `capped`). */
  cap: number | null;
}

export type ProblemCode =
  | 'INVALID_NUMBER'
  | 'TYPE_DISABLED'
  | 'NUMBER_CLOSED'
  | 'RATE_REDUCED'
  | 'BELOW_MIN'
  | 'ABOVE_MAX'
  | 'OVER_CEILING'
  | 'DUPLICATE_LINE';

export interface Problem {
  code: ProblemCode;
  message: string;
  warning: boolean;
  /** What is still open on the number, in whole baht (OVER_CEILING). */
  remaining?: number;
}

export interface CheckedItem extends ItemInput {
  rateX100: number;
  potentialWinSatang: number;
  ceilingSatang: number;
  problems: Problem[];
}

const catalogueCode: Record<ProblemCode, ErrorCode> = {
  INVALID_NUMBER: 'LOTTO_INVALID_NUMBER',
  TYPE_DISABLED: 'LOTTO_TYPE_DISABLED',
  NUMBER_CLOSED: 'LOTTO_NUMBER_CLOSED',
  RATE_REDUCED: 'LOTTO_RATE_REDUCED',
  BELOW_MIN: 'LOTTO_BELOW_MIN',
  ABOVE_MAX: 'LOTTO_ABOVE_MAX',
  OVER_CEILING: 'LOTTO_OVER_CEILING',
  DUPLICATE_LINE: 'LOTTO_DUPLICATE_LINE',
};

export function problemErrorCode(code: ProblemCode): ErrorCode {
  return catalogueCode[code];
}

export function exposureKey(betType: string, number: string): string {
  return `${betType}:${number}`;
}

/**
 * The per-item rules of docs/rules/lottery.md §7 (Create steps 3–5), shared by validate (no locks)
 * and create (with the exposure rows locked): digits, enabled type, min/max, เลขอั้น and the
 * per-number ceiling.
 * `accepted` maps exposureKey → satang already accepted on that number.
 */
/** The empty problem list every clean line shares (never written to: `add` replaces it first). */
const NO_PROBLEMS: Problem[] = [];

/** One line's problem with its catalogue message, filled with the line's number, type and limits. */
function problemOf(
  item: ItemInput,
  t: RoundSettings['rates'][BetType] | undefined,
  code: ProblemCode,
  extra: Record<string, string | number> = {},
  warning = false,
): Problem {
  const params = {
    number: item.number,
    type: betTypeLabels[item.bet_type],
    min: t?.min ?? 0,
    max: t?.max ?? 0,
  };
  return {
    code,
    message: errorMessage(catalogueCode[code], { ...params, ...extra }),
    warning,
    ...(extra.remaining !== undefined ? { remaining: Number(extra.remaining) } : {}),
  };
}

export function checkItems(
  settings: RoundSettings,
  items: readonly ItemInput[],
  limits: ReadonlyMap<string, NumberLimit>,
  accepted: ReadonlyMap<string, number>,
): CheckedItem[] {
  const seen = new Set<string>();
  const running = new Map<string, number>();
  return items.map((item) => {
    const t = settings.rates[item.bet_type];
    // Built only for a line with a problem: most lines have none, and this runs for every bill.
    let problems: Problem[] = NO_PROBLEMS;
    const add = (code: ProblemCode, extra?: Record<string, string | number>, warning = false) => {
      if (problems === NO_PROBLEMS) problems = [];
      problems.push(problemOf(item, t, code, extra, warning));
    };
    let rateX100 = t ? rateToX100(t.rate) : 0;
    let ceilingSatang: number = bahtToSatang(t?.ceiling ?? 0);
    const key = exposureKey(item.bet_type, item.number);
    if (!t?.enabled) add('TYPE_DISABLED');
    else if (!isValidNumber(item.bet_type, item.number)) add('INVALID_NUMBER');
    else {
      if (seen.has(key)) add('DUPLICATE_LINE');
      seen.add(key);
      const limit = limits.get(key);
      if (limit?.action === 'closed') add('NUMBER_CLOSED');
      if (limit?.action === 'reduced_rate') {
        rateX100 = limit.rate !== null ? rateToX100(limit.rate) : Math.floor(rateX100 / 2);
        add('RATE_REDUCED', { rate: x100ToRate(rateX100) }, true);
      }
      if (limit?.action === 'capped' && limit.cap !== null)
        ceilingSatang = Math.min(ceilingSatang, limit.cap);
      if (!Number.isInteger(item.amount) || item.amount < t.min) add('BELOW_MIN');
      else if (item.amount > t.max) add('ABOVE_MAX');
      else if (limit?.action !== 'closed') {
        const beforeSatang = (accepted.get(key) ?? 0) + (running.get(key) ?? 0);
        const stakeSatang = bahtToSatang(item.amount);
        if (beforeSatang + stakeSatang > ceilingSatang) {
          // What is still open on the number, in whole baht.
          add('OVER_CEILING', { remaining: Math.max(0, Math.floor((ceilingSatang - beforeSatang) / 100)) });
        } else {
          running.set(key, (running.get(key) ?? 0) + stakeSatang);
        }
      }
    }
    const stakeBaht = Number.isInteger(item.amount) && item.amount > 0 ? item.amount : 0;
    return {
      ...item,
      rateX100,
      potentialWinSatang: payoutSatang(stakeBaht, rateX100),
      ceilingSatang,
      problems,
    };
  });
}

/** Problems that refuse the bill (warnings do not). */
export function blocking(items: readonly CheckedItem[]): { index: number; problem: Problem }[] {
  return items.flatMap((it, index) =>
    it.problems.filter((p) => !p.warning).map((problem) => ({ index, problem })),
  );
}
