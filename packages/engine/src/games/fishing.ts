import type { Rng } from '../fair/rng.ts';

/** ยิงปลา (docs/rules/casino.md §5.3): a shot at a fish of multiplier m captures iff uniform(100·m) < 96. */
export const FISH = [
  { kind: 'small_fish', name: 'ปลาเล็ก', multiplier: 2 },
  { kind: 'clownfish', name: 'ปลาการ์ตูน', multiplier: 3 },
  { kind: 'puffer', name: 'ปลาปักเป้า', multiplier: 5 },
  { kind: 'turtle', name: 'เต่าทะเล', multiplier: 10 },
  { kind: 'shark', name: 'ฉลาม', multiplier: 30 },
  { kind: 'whale', name: 'วาฬ', multiplier: 100 },
  { kind: 'golden_dragon', name: 'มังกรทอง', multiplier: 300 },
] as const;
export type FishKind = (typeof FISH)[number]['kind'];
export const FISH_KINDS = FISH.map((f) => f.kind) as [FishKind, ...FishKind[]];

/** Shot costs in whole baht (1-2-5 steps, 1–50). */
export const FISHING_BETS_BAHT = [1, 2, 5, 10, 20, 50] as const;
export const SHOTS_PER_SECOND_MAX = 4;
/** Captures per 100·m draws: every fish returns 96/100. */
export const CAPTURE_NUMERATOR = 96;

export function fishOf(kind: FishKind) {
  const fish = FISH.find((f) => f.kind === kind);
  if (!fish) throw new RangeError(`unknown fish: ${kind}`);
  return fish;
}

export interface Shot {
  fish: FishKind;
  bet: number;
  captured: boolean;
  /** Satang won: bet × m on a capture, else 0. */
  win: number;
}

export function shoot(rng: Rng, kind: FishKind, bet: number): Shot {
  if (!FISHING_BETS_BAHT.some((b) => b * 100 === bet)) throw new RangeError(`not a fishing bet: ${bet}`);
  const { multiplier } = fishOf(kind);
  const captured = rng.uniform(100 * multiplier) < CAPTURE_NUMERATOR;
  return { fish: kind, bet, captured, win: captured ? bet * multiplier : 0 };
}

/** Exact capture probability and return of a fish (the return is 96/100 for every m). */
export function fishOdds(kind: FishKind): { capture: number; rtp: number } {
  const { multiplier } = fishOf(kind);
  const capture = CAPTURE_NUMERATOR / (100 * multiplier);
  return { capture, rtp: capture * multiplier };
}
