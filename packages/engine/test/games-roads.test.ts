import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DERIVED_ROAD_NAMES,
  DERIVED_ROADS,
  type GridPos,
  placeColumns,
  ROAD_ROWS,
  type RoadColour,
  type RoadHand,
  type RoadSide,
  type RoadWinner,
  roads,
} from '../src/games/roads.ts';

const CODE: Record<string, RoadWinner> = { B: 'banker', P: 'player', T: 'tie' };
const handsOf = (text: string): RoadHand[] => text.split(' ').map((c) => ({ winner: CODE[c]! }));
const letters = (colours: readonly RoadColour[]) => colours.map((c) => (c === 'red' ? 'R' : 'B')).join(' ');
const coloursOf = (r: ReturnType<typeof roads>, name: (typeof DERIVED_ROAD_NAMES)[number]) =>
  r.derived[name].cells.map((c) => c.colour);

describe('baccarat roads: the worked example of docs/rules/casino.md §7', () => {
  const r = roads(handsOf('B B P P P B T B P B B B P'));

  it('bead plate: every hand, ties included, 6 rows then the next column', () => {
    expect(r.beadPlate.cells.map((c) => [c.col, c.row, c.winner[0]])).toEqual([
      [0, 0, 'b'],
      [0, 1, 'b'],
      [0, 2, 'p'],
      [0, 3, 'p'],
      [0, 4, 'p'],
      [0, 5, 'b'],
      [1, 0, 't'],
      [1, 1, 'b'],
      [1, 2, 'p'],
      [1, 3, 'b'],
      [1, 4, 'b'],
      [1, 5, 'b'],
      [2, 0, 'p'],
    ]);
    expect(r.beadPlate.width).toBe(3);
  });

  it('big road: columns BB | PPP | B(tie)B | P | BBB | P', () => {
    const columns: string[] = [];
    for (const c of r.bigRoad.cells) {
      const text = `${c.winner === 'banker' ? 'B' : 'P'}${c.ties ? `(${c.ties === 1 ? 'tie' : c.ties})` : ''}`;
      columns[c.column] = (columns[c.column] ?? '') + text;
    }
    expect(columns.join(' | ')).toBe('BB | PPP | B(tie)B | P | BBB | P');
    // No tails here: logical and drawn positions agree.
    expect(r.bigRoad.cells.every((c) => c.col === c.column && c.row === c.depth)).toBe(true);
  });

  it('big eye boy R B B R B B B R B; small road R R B R B B; cockroach pig B R R R', () => {
    expect(letters(coloursOf(r, 'bigEyeBoy'))).toBe('R B B R B B B R B');
    expect(letters(coloursOf(r, 'smallRoad'))).toBe('R R B R B B');
    expect(letters(coloursOf(r, 'cockroachPig'))).toBe('B R R R');
  });

  it('the derived roads are placed like the big road', () => {
    expect(r.derived.bigEyeBoy.cells.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 0],
      [3, 0],
      [3, 1],
      [3, 2],
      [4, 0],
      [5, 0],
    ]);
  });

  it('ask road: Banker → blue / red / blue; Player → red / blue / red', () => {
    expect(r.ask.banker).toEqual({ bigEyeBoy: 'blue', smallRoad: 'red', cockroachPig: 'blue' });
    expect(r.ask.player).toEqual({ bigEyeBoy: 'red', smallRoad: 'blue', cockroachPig: 'red' });
  });

  it('statistics: counts and the longest streaks', () => {
    expect(r.statistics).toEqual({
      hands: 13,
      banker: 7,
      player: 5,
      tie: 1,
      bankerPair: 0,
      playerPair: 0,
      longestBanker: 3,
      longestPlayer: 3,
      current: { side: 'player', length: 1 },
    });
  });
});

describe('baccarat roads: ties, pairs and dragon tails', () => {
  it('leading ties go on the first cell; later ties on the last cell, with the count', () => {
    const r = roads(handsOf('T T P T T T B'));
    expect(r.bigRoad.cells.map((c) => [c.winner, c.ties])).toEqual([
      ['player', 5],
      ['banker', 0],
    ]);
    expect(roads(handsOf('T T')).bigRoad.cells).toEqual([]);
  });

  it('pairs are marked on the bead plate and counted', () => {
    const r = roads([
      { winner: 'banker', bankerPair: true },
      { winner: 'tie', playerPair: true, bankerPair: true },
      { winner: 'player' },
    ]);
    expect(r.beadPlate.cells.map((c) => [c.bankerPair, c.playerPair])).toEqual([
      [true, false],
      [true, true],
      [false, false],
    ]);
    expect([r.statistics.bankerPair, r.statistics.playerPair]).toEqual([2, 1]);
  });

  it('a column past row 6 turns right; the next column turns right above the tail', () => {
    const r = roads(handsOf('B B B B B B B B P P P P P P B'));
    const at = (column: number) =>
      r.bigRoad.cells.filter((c) => c.column === column).map((c) => [c.col, c.row]);
    expect(at(0)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
    expect(at(1)).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 4],
    ]);
    expect(at(2)).toEqual([[2, 0]]);
    expect(r.bigRoad.width).toBe(3);
    expect(r.statistics.longestBanker).toBe(8);
  });

  it('a column whose start cell is taken by a tail starts further right', () => {
    // Column 0 runs 7 long (tail on row 5), column 1 is 5 long then turns on row 4, column 2 is 4
    // long then turns on row 3 … down to a column that turns on row 0 and covers the next start.
    const lengths = [8, 7, 6, 5, 4, 3, 1];
    const placed = placeColumns(lengths);
    expect(placed[5]).toEqual([
      { col: 5, row: 0 },
      { col: 6, row: 0 },
      { col: 7, row: 0 },
    ]);
    expect(placed[6]).toEqual([{ col: 8, row: 0 }]);
  });
});

// ── Properties over random shoes ────────────────────────────────────────────────────────────────

const winner = fc.constantFrom<RoadWinner>('banker', 'banker', 'banker', 'player', 'player', 'player', 'tie');
/** Hands in runs, so long streaks (dragon tails) come up as well as choppy shoes. */
const shoe = fc
  .array(
    fc.record({
      winner,
      run: fc.integer({ min: 1, max: 9 }),
      bankerPair: fc.boolean(),
      playerPair: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((runs) =>
    runs
      .flatMap((r) =>
        Array.from({ length: r.run }, (_, i) => ({
          winner: r.winner,
          bankerPair: r.bankerPair && i === 0,
          playerPair: r.playerPair && i === 0,
        })),
      )
      .slice(0, 90),
  );

/**
 * The derived roads by their classic definition, on a grid of filled cells: for an entry at row r ≥ 1
 * of column c, look k columns to the left — red when the cells at rows r and r−1 there are alike (both
 * filled or both empty), blue when not; for the first entry of a column, red when columns c−1 and
 * c−1−k are filled alike row by row, blue when not. None until that column exists.
 */
function bruteForce(hands: readonly RoadHand[], k: number): RoadColour[] {
  const cols: RoadSide[][] = [];
  const filled = (c: number, r: number) => r >= 0 && r < cols[c]!.length;
  const out: RoadColour[] = [];
  for (const h of hands) {
    if (h.winner === 'tie') continue;
    const lastCol = cols[cols.length - 1];
    if (lastCol && lastCol[0] === h.winner) lastCol.push(h.winner);
    else cols.push([h.winner]);
    const c = cols.length - 1;
    const r = cols[c]!.length - 1;
    if (r === 0) {
      if (c - 1 - k < 0) continue;
      let alike = true;
      for (let row = 0; row < 100; row++) if (filled(c - 1, row) !== filled(c - 1 - k, row)) alike = false;
      out.push(alike ? 'red' : 'blue');
    } else {
      if (c - k < 0) continue;
      out.push(filled(c - k, r) === filled(c - k, r - 1) ? 'red' : 'blue');
    }
  }
  return out;
}

/** Checks a placed road: cells in distinct places within 6 rows, each column going down then right. */
function checkPlacement(cells: readonly (GridPos & { column: number; depth: number })[]) {
  const seen = new Set<string>();
  for (const c of cells) {
    expect(c.row).toBeGreaterThanOrEqual(0);
    expect(c.row).toBeLessThan(ROAD_ROWS);
    const key = `${c.col},${c.row}`;
    expect(seen.has(key)).toBe(false);
    seen.add(key);
  }
  let previousStart = -1;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    if (c.depth === 0) {
      expect(c.row).toBe(0);
      expect(c.col).toBeGreaterThan(previousStart);
      previousStart = c.col;
      continue;
    }
    const before = cells[i - 1]!;
    expect(before.column).toBe(c.column);
    const down = c.col === before.col && c.row === before.row + 1;
    const right = c.col > before.col && c.row === before.row;
    expect(down || right).toBe(true);
    // Once a column turns right it stays on its row.
    if (before.depth > 0 && before.row === cells[i - 2]!.row && before.col > cells[i - 2]!.col) {
      expect(right).toBe(true);
    }
  }
}

describe('baccarat roads: properties', () => {
  it('each derived road agrees with the brute-force definition on random shoes', () => {
    fc.assert(
      fc.property(shoe, (hands) => {
        const r = roads(hands);
        for (const name of DERIVED_ROAD_NAMES) {
          expect(coloursOf(r, name)).toEqual(bruteForce(hands, DERIVED_ROADS[name]));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the ask road is what each derived road adds when the next hand is Banker or Player', () => {
    fc.assert(
      fc.property(shoe, (hands) => {
        const r = roads(hands);
        for (const side of ['banker', 'player'] as const) {
          const next = roads([...hands, { winner: side }]);
          for (const name of DERIVED_ROAD_NAMES) {
            const before = r.derived[name].cells.length;
            const after = next.derived[name].cells;
            expect(after.length - before).toBeLessThanOrEqual(1);
            expect(r.ask[side][name]).toBe(after.length > before ? after[after.length - 1]!.colour : null);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the big road and the derived roads are placed within 6 rows, without overlap, tails turning right', () => {
    fc.assert(
      fc.property(shoe, (hands) => {
        const r = roads(hands);
        checkPlacement(r.bigRoad.cells);
        for (const name of DERIVED_ROAD_NAMES) checkPlacement(r.derived[name].cells);
      }),
      { numRuns: 300 },
    );
  });

  it('the bead plate holds every hand; the big road every non-tie hand and every tie as a mark', () => {
    fc.assert(
      fc.property(shoe, (hands) => {
        const r = roads(hands);
        const s = r.statistics;
        expect(r.beadPlate.cells.length).toBe(hands.length);
        expect(s.banker + s.player + s.tie).toBe(hands.length);
        expect(r.bigRoad.cells.length).toBe(s.banker + s.player);
        if (r.bigRoad.cells.length > 0) expect(r.bigRoad.cells.reduce((n, c) => n + c.ties, 0)).toBe(s.tie);
        // A derived road of step k has an entry for every big-road entry from its first one on.
        for (const name of DERIVED_ROAD_NAMES) {
          const k = DERIVED_ROADS[name];
          const from = r.bigRoad.cells.findIndex(
            (c) => c.column >= k + 1 || (c.column === k && c.depth >= 1),
          );
          expect(r.derived[name].cells.length).toBe(from < 0 ? 0 : r.bigRoad.cells.length - from);
        }
      }),
      { numRuns: 300 },
    );
  });
});
