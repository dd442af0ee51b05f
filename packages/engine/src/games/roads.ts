/**
 * Baccarat roads (docs/rules/casino.md §7): the bead plate, the big road with its tie marks and dragon
 * tails, the three derived roads, the ask road and the statistics of one shoe's hands. Pure: the
 * hands in, the roads out. Past results describe the shoe; they do not change the next hand.
 */

export type RoadWinner = 'banker' | 'player' | 'tie';
export type RoadSide = 'banker' | 'player';
export type RoadColour = 'red' | 'blue';

/** One dealt hand as the roads need it. */
export interface RoadHand {
  winner: RoadWinner;
  bankerPair?: boolean;
  playerPair?: boolean;
}

/** Every road is drawn 6 rows high (§7.1, §7.2). */
export const ROAD_ROWS = 6;

/** k of the derived roads (§7.3): big eye boy 1, small road 2, cockroach pig 3. */
export const DERIVED_ROADS = { bigEyeBoy: 1, smallRoad: 2, cockroachPig: 3 } as const;
export type DerivedRoadName = keyof typeof DERIVED_ROADS;
export const DERIVED_ROAD_NAMES = Object.keys(DERIVED_ROADS) as DerivedRoadName[];

/** A position on a road's grid, 0-based: `col` left to right, `row` top to bottom (< ROAD_ROWS). */
export interface GridPos {
  col: number;
  row: number;
}

export interface BeadCell extends GridPos {
  /** The hand's index in the shoe (0-based). */
  hand: number;
  winner: RoadWinner;
  bankerPair: boolean;
  playerPair: boolean;
}

export interface BigRoadCell extends GridPos {
  winner: RoadSide;
  /** Ties marked on this cell (a green slash with the count): those after it, and leading ties on the first. */
  ties: number;
  /** Its logical column and row (0-based): a dragon tail is drawn to the right but stays in its column. */
  column: number;
  depth: number;
}

export interface DerivedCell extends GridPos {
  colour: RoadColour;
  column: number;
  depth: number;
}

export interface Road<T> {
  cells: T[];
  /** Grid columns used (the widest `col` + 1; 0 when empty). */
  width: number;
}

export interface AskRoad {
  /** What each derived road would add if the next hand were this side; null where it adds nothing. */
  banker: Record<DerivedRoadName, RoadColour | null>;
  player: Record<DerivedRoadName, RoadColour | null>;
}

export interface RoadStatistics {
  hands: number;
  banker: number;
  player: number;
  tie: number;
  bankerPair: number;
  playerPair: number;
  /** The longest run of one side in the big road (ties do not break a run). */
  longestBanker: number;
  longestPlayer: number;
  /** The side of the last big-road entry and how many in a row (0 and null before any). */
  current: { side: RoadSide | null; length: number };
}

export interface Roads {
  beadPlate: Road<BeadCell>;
  bigRoad: Road<BigRoadCell>;
  derived: Record<DerivedRoadName, Road<DerivedCell>>;
  ask: AskRoad;
  statistics: RoadStatistics;
}

/** §7.1: hand i at column ⌊i/6⌋, row i mod 6. */
export function beadPlate(hands: readonly RoadHand[]): Road<BeadCell> {
  const cells = hands.map((h, i) => ({
    col: Math.floor(i / ROAD_ROWS),
    row: i % ROAD_ROWS,
    hand: i,
    winner: h.winner,
    bankerPair: h.bankerPair === true,
    playerPair: h.playerPair === true,
  }));
  return { cells, width: cells.length === 0 ? 0 : cells[cells.length - 1]!.col + 1 };
}

/**
 * Places logical columns on a grid of ROAD_ROWS rows (§7.2): a column starts at row 0 of the grid
 * column after the previous column's start (further right if that cell is taken) and goes down; an
 * entry that would go below the last row or into a taken cell turns right, and the rest of the
 * column follows to the right (the dragon tail). Returns the position of every entry, column by column.
 */
export function placeColumns(lengths: readonly number[]): GridPos[][] {
  const taken = new Set<string>();
  const key = (col: number, row: number) => `${col},${row}`;
  const out: GridPos[][] = [];
  let start = -1;
  for (const length of lengths) {
    start += 1;
    while (taken.has(key(start, 0))) start += 1;
    const column: GridPos[] = [];
    let col = start;
    let row = 0;
    let tail = false;
    for (let i = 0; i < length; i++) {
      if (i > 0) {
        if (!tail && row + 1 < ROAD_ROWS && !taken.has(key(col, row + 1))) row += 1;
        else {
          tail = true;
          col += 1;
          while (taken.has(key(col, row))) col += 1;
        }
      }
      taken.add(key(col, row));
      column.push({ col, row });
    }
    out.push(column);
  }
  return out;
}

interface Entry {
  side: RoadSide;
  column: number;
  depth: number;
  ties: number;
}

/** The big road's logical entries (ties counted on the cell before them, leading ties on the first). */
function bigRoadEntries(hands: readonly RoadHand[]): Entry[] {
  const entries: Entry[] = [];
  let leadingTies = 0;
  for (const h of hands) {
    if (h.winner === 'tie') {
      const last = entries[entries.length - 1];
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    const last = entries[entries.length - 1];
    if (!last) entries.push({ side: h.winner, column: 0, depth: 0, ties: leadingTies });
    else if (last.side === h.winner)
      entries.push({ side: h.winner, column: last.column, depth: last.depth + 1, ties: 0 });
    else entries.push({ side: h.winner, column: last.column + 1, depth: 0, ties: 0 });
  }
  return entries;
}

function columnLengths(entries: readonly { column: number }[]): number[] {
  const lengths: number[] = [];
  for (const e of entries) lengths[e.column] = (lengths[e.column] ?? 0) + 1;
  return lengths;
}

function place<T extends { column: number; depth: number }>(entries: readonly T[]): Road<T & GridPos> {
  const grid = placeColumns(columnLengths(entries));
  const cells = entries.map((e) => ({ ...e, ...grid[e.column]![e.depth]! }));
  const width = cells.reduce((w, c) => Math.max(w, c.col + 1), 0);
  return { cells, width };
}

/** §7.2: the big road, placed with its dragon tails. */
export function bigRoad(hands: readonly RoadHand[]): Road<BigRoadCell> {
  const placed = place(bigRoadEntries(hands));
  return {
    width: placed.width,
    cells: placed.cells.map((c) => ({
      col: c.col,
      row: c.row,
      winner: c.side,
      ties: c.ties,
      column: c.column,
      depth: c.depth,
    })),
  };
}

/**
 * §7.3: the colour a derived road of step k adds for a big-road entry at logical column `column`,
 * depth `depth` (0-based), given the lengths of the columns before it; null when it adds none.
 * With n = column + 1 and m = depth + 1 as in the rules:
 * - m = 1, n ≥ k+2: red if len(col n−1) = len(col n−1−k), else blue;
 * - m ≥ 2, n ≥ k+1: p = len(col n−k); red if m ≤ p, blue if m = p+1, red if m > p+1.
 */
export function derivedColour(
  k: number,
  lengths: readonly number[],
  column: number,
  depth: number,
): RoadColour | null {
  if (depth === 0) {
    if (column < k + 1) return null;
    return lengths[column - 1] === lengths[column - 1 - k] ? 'red' : 'blue';
  }
  if (column < k) return null;
  const p = lengths[column - k]!;
  const m = depth + 1;
  return m === p + 1 ? 'blue' : 'red';
}

/** The colours a derived road of step k adds over the whole big road, in order. */
function derivedColours(k: number, entries: readonly Entry[]): RoadColour[] {
  const lengths = columnLengths(entries);
  const colours: RoadColour[] = [];
  for (const e of entries) {
    const c = derivedColour(k, lengths, e.column, e.depth);
    if (c) colours.push(c);
  }
  return colours;
}

/** Colours grouped like a big road: the same colour goes down, a new colour starts a column. */
function derivedRoad(colours: readonly RoadColour[]): Road<DerivedCell> {
  const entries: { colour: RoadColour; column: number; depth: number }[] = [];
  for (const colour of colours) {
    const last = entries[entries.length - 1];
    if (!last) entries.push({ colour, column: 0, depth: 0 });
    else if (last.colour === colour) entries.push({ colour, column: last.column, depth: last.depth + 1 });
    else entries.push({ colour, column: last.column + 1, depth: 0 });
  }
  return place(entries);
}

/** §7.4: what each derived road would add if the next hand were `side`. */
function askFor(side: RoadSide, entries: readonly Entry[]): Record<DerivedRoadName, RoadColour | null> {
  const last = entries[entries.length - 1];
  const lengths = columnLengths(entries);
  let column = 0;
  let depth = 0;
  if (last && last.side === side) {
    column = last.column;
    depth = last.depth + 1;
    lengths[column] = depth + 1;
  } else if (last) {
    column = last.column + 1;
    lengths[column] = 1;
  } else lengths[0] = 1;
  const out = {} as Record<DerivedRoadName, RoadColour | null>;
  for (const name of DERIVED_ROAD_NAMES)
    out[name] = derivedColour(DERIVED_ROADS[name], lengths, column, depth);
  return out;
}

/** §7.5: counts, pairs and streaks. */
export function roadStatistics(hands: readonly RoadHand[]): RoadStatistics {
  const entries = bigRoadEntries(hands);
  const lengths = columnLengths(entries);
  const longest = (side: RoadSide) =>
    entries.reduce((best, e) => (e.side === side ? Math.max(best, e.depth + 1) : best), 0);
  const last = entries[entries.length - 1];
  return {
    hands: hands.length,
    banker: hands.filter((h) => h.winner === 'banker').length,
    player: hands.filter((h) => h.winner === 'player').length,
    tie: hands.filter((h) => h.winner === 'tie').length,
    bankerPair: hands.filter((h) => h.bankerPair === true).length,
    playerPair: hands.filter((h) => h.playerPair === true).length,
    longestBanker: longest('banker'),
    longestPlayer: longest('player'),
    current: last ? { side: last.side, length: lengths[last.column]! } : { side: null, length: 0 },
  };
}

/** Every road of a shoe's hands, in the order dealt (docs/rules/casino.md §7). */
export function roads(hands: readonly RoadHand[]): Roads {
  const entries = bigRoadEntries(hands);
  const derived = {} as Record<DerivedRoadName, Road<DerivedCell>>;
  for (const name of DERIVED_ROAD_NAMES)
    derived[name] = derivedRoad(derivedColours(DERIVED_ROADS[name], entries));
  return {
    beadPlate: beadPlate(hands),
    bigRoad: bigRoad(hands),
    derived,
    ask: { banker: askFor('banker', entries), player: askFor('player', entries) },
    statistics: roadStatistics(hands),
  };
}
