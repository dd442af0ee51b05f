import { sealCommitment } from './chain.ts';

/** Yeekee result for N accepted shots in seq order (docs/rules/lottery.md §9). */
export interface YeekeeOutcome {
  shots: number;
  void: boolean;
  /** Present unless void. */
  sum?: number;
  p16?: number;
  r?: string;
}

export const YEEKEE_MIN_SHOTS = 20;
export const YEEKEE_POSITION = 16;

/** `numbers` are the accepted shots in seq order, each a 5-digit string. */
export function yeekeeOutcome(numbers: readonly string[], minShots = YEEKEE_MIN_SHOTS): YeekeeOutcome {
  const n = numbers.length;
  for (const x of numbers) if (!/^[0-9]{5}$/.test(x)) throw new RangeError(`not a 5-digit shot: ${x}`);
  if (n < Math.max(minShots, YEEKEE_POSITION)) return { shots: n, void: true };
  const sum = numbers.reduce((s, x) => s + Number(x), 0);
  const p16 = Number(numbers[n - YEEKEE_POSITION]);
  const r = String((((sum - p16) % 100000) + 100000) % 100000).padStart(5, '0');
  return { shots: n, void: false, sum, p16, r };
}

/** seq of the shot at position `p` counted back from the last (position 1 = seq N). */
export function seqAtPosition(n: number, p: number): number {
  return n - p + 1;
}

/** The sealed close's secret offset d is drawn from 0–30,000 ms (docs/rules/lottery.md §9 Sealed close). */
export const SEAL_OFFSET_MAX_MS = 30_000;

/** True when a revealed offset and salt are in range and hash to the commitment published at open. */
export function sealVerified(s: {
  commitment: string;
  offset_ms: number | null;
  salt: string | null;
}): boolean {
  return (
    s.offset_ms !== null &&
    s.salt !== null &&
    Number.isInteger(s.offset_ms) &&
    s.offset_ms >= 0 &&
    s.offset_ms <= SEAL_OFFSET_MAX_MS &&
    sealCommitment(s.offset_ms, s.salt) === s.commitment
  );
}
