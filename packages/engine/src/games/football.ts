import type { Rng } from '../fair/rng.ts';

/**
 * Virtual football (docs/rules/casino.md §5.4): goals are independent Poisson with
 * λ_home = 1.50·a_home·d_away and λ_away = 1.15·a_away·d_home, capped at 10 for pricing and
 * drawing (the tail beyond 10 counts as 10). Odds = ⌊100 / (p·1.05)⌋ / 100.
 */
export const GOALS_CAP = 10;
export const HOME_BASE = 1.5;
export const AWAY_BASE = 1.15;
export const MARGIN = 1.05;

export const TEAMS = [
  { code: 'BKK', name: 'บางกอก ไลออนส์', attack: 1.4, defence: 0.72 },
  { code: 'CNX', name: 'เชียงใหม่ ไทเกอร์ส', attack: 1.3, defence: 0.8 },
  { code: 'KKN', name: 'ขอนแก่น ฟัลคอนส์', attack: 1.22, defence: 0.86 },
  { code: 'PKT', name: 'ภูเก็ต ชาร์คส์', attack: 1.18, defence: 0.9 },
  { code: 'KRT', name: 'โคราช บัฟฟาโลส์', attack: 1.12, defence: 0.95 },
  { code: 'UDN', name: 'อุดร อีเกิลส์', attack: 1.08, defence: 0.98 },
  { code: 'HYI', name: 'หาดใหญ่ ดราก้อนส์', attack: 1.04, defence: 1.0 },
  { code: 'CBI', name: 'ชลบุรี ชาร์จเจอร์ส', attack: 1.0, defence: 1.02 },
  { code: 'RYG', name: 'ระยอง เรนเจอร์ส', attack: 0.97, defence: 1.06 },
  { code: 'NST', name: 'นครศรี วอริเออร์ส', attack: 0.94, defence: 1.1 },
  { code: 'SKN', name: 'สกลนคร สตอร์ม', attack: 0.9, defence: 1.14 },
  { code: 'LPG', name: 'ลำปาง ฮอร์สเซส', attack: 0.86, defence: 1.18 },
  { code: 'PSN', name: 'พิษณุโลก ไนท์ส', attack: 0.82, defence: 1.22 },
  { code: 'SRT', name: 'สุราษฎร์ คอบร้าส์', attack: 0.78, defence: 1.28 },
  { code: 'TRG', name: 'ตรัง ดอลฟินส์', attack: 0.74, defence: 1.34 },
  { code: 'NAN', name: 'น่าน พานเธอร์ส', attack: 0.7, defence: 1.4 },
] as const;
export type TeamCode = (typeof TEAMS)[number]['code'];

export const SELECTIONS = ['home', 'draw', 'away', 'over', 'under'] as const;
export type Selection = (typeof SELECTIONS)[number];
export const SELECTION_LABELS: Record<Selection, string> = {
  home: 'เจ้าบ้าน',
  draw: 'เสมอ',
  away: 'ทีมเยือน',
  over: 'สูง 2.5',
  under: 'ต่ำ 2.5',
};

export function teamOf(code: string) {
  const t = TEAMS.find((x) => x.code === code);
  if (!t) throw new RangeError(`unknown team: ${code}`);
  return t;
}

export function lambdas(home: TeamCode, away: TeamCode): { home: number; away: number } {
  const h = teamOf(home);
  const a = teamOf(away);
  return { home: HOME_BASE * h.attack * a.defence, away: AWAY_BASE * a.attack * h.defence };
}

/** P(goals = k), k = 0…10, with P(≥ 10) folded into 10. */
export function cappedPoisson(lambda: number): number[] {
  const p: number[] = [];
  let term = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < GOALS_CAP; k++) {
    p.push(term);
    sum += term;
    term = (term * lambda) / (k + 1);
  }
  p.push(1 - sum);
  return p;
}

export interface Prices {
  probability: Record<Selection, number>;
  /** Decimal odds in hundredths (194 = 1.94). */
  odds: Record<Selection, number>;
}

export function oddsHundredths(p: number): number {
  // ⌊100 / (p·1.05)⌋ is the odds in hundredths; the epsilon keeps 194.99999… from flooring a step low.
  return Math.floor(100 / (p * MARGIN) + 1e-9);
}

export function price(lambdaHome: number, lambdaAway: number): Prices {
  const h = cappedPoisson(lambdaHome);
  const a = cappedPoisson(lambdaAway);
  const probability = { home: 0, draw: 0, away: 0, over: 0, under: 0 };
  for (let i = 0; i <= GOALS_CAP; i++) {
    for (let j = 0; j <= GOALS_CAP; j++) {
      const p = h[i]! * a[j]!;
      if (i > j) probability.home += p;
      else if (i === j) probability.draw += p;
      else probability.away += p;
      if (i + j > 2) probability.over += p;
      else probability.under += p;
    }
  }
  const odds = Object.fromEntries(SELECTIONS.map((s) => [s, oddsHundredths(probability[s])])) as Record<
    Selection,
    number
  >;
  return { probability, odds };
}

/** Goals by inverse CDF of the capped Poisson on a real u ∈ [0, 1). */
export function drawGoals(rng: Rng, lambda: number): number {
  const u = rng.real();
  const p = cappedPoisson(lambda);
  let cdf = 0;
  for (let k = 0; k < GOALS_CAP; k++) {
    cdf += p[k]!;
    if (u < cdf) return k;
  }
  return GOALS_CAP;
}

/** The final score: home goals first, then away (docs/rules/casino.md §6.5). */
export function playMatch(rng: Rng, lambdaHome: number, lambdaAway: number): { home: number; away: number } {
  const home = drawGoals(rng, lambdaHome);
  const away = drawGoals(rng, lambdaAway);
  return { home, away };
}

export function selectionWins(selection: Selection, score: { home: number; away: number }): boolean {
  switch (selection) {
    case 'home':
      return score.home > score.away;
    case 'draw':
      return score.home === score.away;
    case 'away':
      return score.home < score.away;
    case 'over':
      return score.home + score.away > 2;
    case 'under':
      return score.home + score.away <= 2;
  }
}

/** Satang returned for a winning stake at odds in hundredths (floored to the satang). */
export function footballPayout(stake: number, oddsH: number): number {
  return Math.floor((stake * oddsH) / 100);
}

/** 8 fixtures from the 16 teams: a round-robin pairing by fixture slot, home and away alternating. */
export function fixturesForSlot(slot: number): { home: TeamCode; away: TeamCode }[] {
  const n = TEAMS.length;
  const round = slot % (n - 1);
  const order = [0, ...Array.from({ length: n - 1 }, (_, i) => 1 + ((i + round) % (n - 1)))];
  const out: { home: TeamCode; away: TeamCode }[] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = TEAMS[order[i]!]!.code;
    const b = TEAMS[order[n - 1 - i]!]!.code;
    out.push(slot % 2 === 0 ? { home: a, away: b } : { home: b, away: a });
  }
  return out;
}
