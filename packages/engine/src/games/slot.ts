import type { Rng } from '../fair/rng.ts';

/**
 * ช้างทอง (Golden Elephant), docs/rules/casino.md §5.1: 5 reels × 3 rows, 20 lines, 32-stop strips.
 * Wins are whole satang: the total bet is whole baht in 1-2-5 steps, so line bet = total ÷ 20 is a
 * whole number of satang (5 satang at 1 baht).
 */
export const SYMBOLS = ['W', 'S', 'H1', 'H2', 'H3', 'M1', 'M2', 'L1', 'L2', 'L3'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];
const W = 0;
const S = 1;

/** Pays for 3/4/5 of a kind, × line bet (scatter: × total bet, anywhere). */
export const PAYTABLE: Record<SlotSymbol, readonly [number, number, number]> = {
  W: [60, 270, 1500],
  S: [5, 20, 100],
  H1: [50, 200, 1000],
  H2: [30, 120, 500],
  H3: [25, 80, 300],
  M1: [15, 50, 200],
  M2: [10, 40, 150],
  L1: [6, 20, 75],
  L2: [5, 15, 60],
  L3: [3, 12, 50],
};

/** Reel strips, top to bottom; the counts are the table of docs/rules/casino.md §5.1 (order spreads symbols). */
export const STRIPS: readonly (readonly SlotSymbol[])[] = [
  'H3 L3 L2 M1 M2 L1 L2 L3 H2 H1 H3 M1 M2 L1 L2 W L3 S M1 L1 H2 M2 L2 H3 L3 L1 H1 M1 L2 M2 H2 L1',
  'H2 L2 L1 H3 L3 M1 M2 L1 L2 W L3 H2 H1 H3 M1 M2 L1 L2 L3 S M1 L1 H2 M2 H3 L2 W L3 L1 H1 M1 M2',
  'M2 L1 H2 H3 L3 L2 M1 M2 L1 L2 W L3 H2 H1 H3 M1 M2 L1 L2 L3 S M1 H2 M2 L2 H3 L1 W L3 H1 M1 L2',
  'H1 M1 M2 L3 L1 H2 L2 H3 L3 M1 M2 L1 L2 W L3 H2 H1 H3 M1 M2 L1 L2 L3 S M1 H2 M2 H3 L1 L3 L2 W',
  'L3 L1 H1 M1 L2 M2 H2 L1 H3 L3 L2 M1 M2 L1 L2 L3 H2 H1 H3 M1 M2 L1 L2 W L3 S M1 L1 H2 M2 L2 H3',
].map((s) => s.split(' ') as SlotSymbol[]);

export const STOPS = 32;
export const REELS = 5;
export const ROWS = 3;

/** Row (0 = top) per reel of each of the 20 lines. */
export const LINES: readonly (readonly number[])[] = [
  '11111',
  '00000',
  '22222',
  '01210',
  '21012',
  '00122',
  '22100',
  '10121',
  '12101',
  '01110',
  '21112',
  '10001',
  '12221',
  '01010',
  '21212',
  '11011',
  '11211',
  '02020',
  '20202',
  '10201',
].map((l) => [...l].map(Number));

export const FREE_SPINS = 10;
export const FREE_SPIN_MULTIPLIER = 2;
/** Feature buy: 10 free spins for 17.51 × total bet (docs/rules/casino.md §5.1). */
export const FEATURE_BUY_PRICE_HUNDREDTHS = 1751;
/** Total bets allowed, in whole baht (1-2-5 steps). */
export const SLOT_BETS_BAHT = [1, 2, 5, 10, 20, 50, 100, 200, 500] as const;

const STRIP_CODES = STRIPS.map((strip) => Int8Array.from(strip, (s) => SYMBOLS.indexOf(s)));
const PAY_CODES = SYMBOLS.map((s) => PAYTABLE[s]);
const LINE_ROWS = LINES.map((l) => Int8Array.from(l));

/** The best pay of one line of five symbol codes: which symbol, how many from reel 1, × line bet. */
export function bestLine(codes: readonly number[]): { symbol: number; count: number; multiplier: number } {
  let wilds = 0;
  while (wilds < 5 && codes[wilds] === W) wilds++;
  const wildPay = wilds >= 3 ? PAY_CODES[W]![wilds - 3]! : 0;
  const sym = wilds < 5 ? codes[wilds]! : W;
  if (sym === W || sym === S) return { symbol: W, count: wilds, multiplier: wildPay };
  let run = wilds + 1;
  while (run < 5 && (codes[run] === sym || codes[run] === W)) run++;
  const symPay = run >= 3 ? PAY_CODES[sym]![run - 3]! : 0;
  return symPay > wildPay
    ? { symbol: sym, count: run, multiplier: symPay }
    : { symbol: W, count: wilds, multiplier: wildPay };
}

const lineCodes = [0, 0, 0, 0, 0];
/** bestLine's multiplier without allocating (the simulation's hot path). */
export function lineMultiplier(a: number, b: number, c: number, d: number, e: number): number {
  lineCodes[0] = a;
  lineCodes[1] = b;
  lineCodes[2] = c;
  lineCodes[3] = d;
  lineCodes[4] = e;
  let wilds = 0;
  while (wilds < 5 && lineCodes[wilds] === W) wilds++;
  const wildPay = wilds >= 3 ? PAY_CODES[W]![wilds - 3]! : 0;
  if (wilds === 5) return wildPay;
  const sym = lineCodes[wilds]!;
  if (sym === S) return wildPay;
  let run = wilds + 1;
  while (run < 5 && (lineCodes[run] === sym || lineCodes[run] === W)) run++;
  const symPay = run >= 3 ? PAY_CODES[sym]![run - 3]! : 0;
  return symPay > wildPay ? symPay : wildPay;
}

/** Symbol codes of the visible window, [reel][row]. */
function windowOf(stops: readonly number[]): number[][] {
  return stops.map((stop, reel) => {
    const strip = STRIP_CODES[reel]!;
    return [strip[stop % STOPS]!, strip[(stop + 1) % STOPS]!, strip[(stop + 2) % STOPS]!];
  });
}

export interface LineWin {
  /** 1-based line number. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** × line bet. */
  multiplier: number;
}

export interface SpinEvaluation {
  /** Σ line multipliers, × line bet. */
  lineMultiplier: number;
  lineWins: LineWin[];
  scatters: number;
  /** × total bet. */
  scatterMultiplier: number;
  triggersFreeSpins: boolean;
}

/** Evaluates the window shown by reel stops (one per reel). */
export function evaluateStops(stops: readonly number[], withLines = true): SpinEvaluation {
  const win = windowOf(stops);
  let total = 0;
  const lineWins: LineWin[] = [];
  for (let l = 0; l < LINE_ROWS.length; l++) {
    const rows = LINE_ROWS[l]!;
    const m = lineMultiplier(
      win[0]![rows[0]!]!,
      win[1]![rows[1]!]!,
      win[2]![rows[2]!]!,
      win[3]![rows[3]!]!,
      win[4]![rows[4]!]!,
    );
    if (m > 0) {
      total += m;
      if (withLines) lineWins.push(describeLine(l, win, m));
    }
  }
  let scatters = 0;
  for (const reel of win) for (const s of reel) if (s === S) scatters++;
  const scatterMultiplier = scatters >= 3 ? PAY_CODES[S]![Math.min(scatters, 5) - 3]! : 0;
  return { lineMultiplier: total, lineWins, scatters, scatterMultiplier, triggersFreeSpins: scatters >= 3 };
}

function describeLine(l: number, win: number[][], multiplier: number): LineWin {
  const rows = LINE_ROWS[l]!;
  const best = bestLine([0, 1, 2, 3, 4].map((r) => win[r]![rows[r]!]!));
  return { line: l + 1, symbol: SYMBOLS[best.symbol]!, count: best.count, multiplier };
}

export interface SlotSpin {
  stops: number[];
  /** Symbols by reel, top to bottom. */
  reels: SlotSymbol[][];
  lineWins: LineWin[];
  scatters: number;
  /** Satang won by this spin (free spins already doubled). */
  win: number;
}

export interface SlotRound {
  bet: number;
  /** Satang debited: the bet, or 17.51 × bet for a feature buy. */
  cost: number;
  bought: boolean;
  base: SlotSpin | null;
  freeSpins: SlotSpin[];
  /** Satang paid for the whole round. */
  win: number;
}

function spin(rng: Rng, bet: number, multiplier: number): SlotSpin & { triggers: boolean } {
  const stops = [
    rng.uniform(STOPS),
    rng.uniform(STOPS),
    rng.uniform(STOPS),
    rng.uniform(STOPS),
    rng.uniform(STOPS),
  ];
  const e = evaluateStops(stops);
  const lineBet = bet / 20;
  const win = (e.lineMultiplier * lineBet + e.scatterMultiplier * bet) * multiplier;
  return {
    stops,
    reels: stops.map((stop, reel) => [0, 1, 2].map((r) => STRIPS[reel]![(stop + r) % STOPS]!)),
    lineWins: e.lineWins,
    scatters: e.scatters,
    win,
    triggers: e.triggersFreeSpins,
  };
}

export function isSlotBet(betSatang: number): boolean {
  return SLOT_BETS_BAHT.some((b) => b * 100 === betSatang);
}

/**
 * One round: a base spin (uniform(32) per reel in order), then 10 free spins at ×2 when 3+
 * scatters land (no retrigger). A feature buy skips the base spin and costs 17.51 × bet.
 */
export function playSlotRound(rng: Rng, bet: number, opts: { buy?: boolean } = {}): SlotRound {
  if (!isSlotBet(bet)) throw new RangeError(`not a slot bet: ${bet} satang`);
  const bought = opts.buy === true;
  const cost = bought ? (bet * FEATURE_BUY_PRICE_HUNDREDTHS) / 100 : bet;
  let base: SlotSpin | null = null;
  let trigger = bought;
  if (!bought) {
    const { triggers, ...s } = spin(rng, bet, 1);
    base = s;
    trigger = triggers;
  }
  const freeSpins: SlotSpin[] = [];
  if (trigger) {
    for (let i = 0; i < FREE_SPINS; i++) {
      const { triggers: _ignored, ...s } = spin(rng, bet, FREE_SPIN_MULTIPLIER);
      freeSpins.push(s);
    }
  }
  const win = (base?.win ?? 0) + freeSpins.reduce((sum, s) => sum + s.win, 0);
  return { bet, cost, bought, base, freeSpins, win };
}

/**
 * The hot loop of the RTP simulation: same math as playSlotRound without building the answer.
 * Returns the round's win in units of line bet (so ÷ 20 gives × total bet).
 */
export function slotRoundWinInLineBets(rng: Rng, buy = false): number {
  let total = 0;
  let trigger = buy;
  if (!buy) {
    const r = fastSpin(rng);
    total += r.win;
    trigger = r.triggers;
  }
  if (trigger) for (let i = 0; i < FREE_SPINS; i++) total += FREE_SPIN_MULTIPLIER * fastSpin(rng).win;
  return total;
}

const fastResult = { win: 0, triggers: false };
const grid = new Int8Array(15);
function fastSpin(rng: Rng): typeof fastResult {
  let scatters = 0;
  for (let reel = 0; reel < 5; reel++) {
    const stop = rng.uniform(STOPS);
    const strip = STRIP_CODES[reel]!;
    for (let row = 0; row < 3; row++) {
      const s = strip[(stop + row) % STOPS]!;
      grid[reel * 3 + row] = s;
      if (s === S) scatters++;
    }
  }
  let win = 0;
  for (let l = 0; l < LINE_ROWS.length; l++) {
    const r = LINE_ROWS[l]!;
    win += lineMultiplier(
      grid[r[0]!]!,
      grid[3 + r[1]!]!,
      grid[6 + r[2]!]!,
      grid[9 + r[3]!]!,
      grid[12 + r[4]!]!,
    );
  }
  if (scatters >= 3) win += 20 * PAY_CODES[S]![Math.min(scatters, 5) - 3]!;
  fastResult.win = win;
  fastResult.triggers = scatters >= 3;
  return fastResult;
}
