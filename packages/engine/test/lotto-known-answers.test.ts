import { describe, expect, it } from 'vitest';
import { DeriveError, deriveResult } from '../src/lotto/derive.ts';
import { rateToX100, settleItem } from '../src/lotto/match.ts';
import type { BetType, RoundResult } from '../src/lotto/types.ts';
import { yeekeeOutcome } from '../src/lotto/yeekee.ts';

/** Default rates of docs/rules/lottery.md §3, as hundredths. */
const RATE: Record<BetType, number> = {
  three_top: 90000,
  three_tod: 15000,
  three_front: 45000,
  three_back: 45000,
  two_top: 9000,
  two_bottom: 9000,
  run_top: 320,
  run_bottom: 420,
};
const YEEKEE_RATE: Partial<Record<BetType, number>> = { three_top: 85000, two_bottom: 9200 };

const R1 = deriveResult('glo', {
  first: '845312',
  front3: ['207', '519'],
  back3: ['663', '048'],
  last2: '71',
});

const win = (r: RoundResult, betType: BetType, number: string, stakeBaht: number, rateX100 = RATE[betType]) =>
  settleItem({ betType, number, stakeBaht, rateX100 }, r);
const baht = (satang: number) => satang / 100;

/** Yeekee example shots: the given P16 at seq N−15, the rest filling S. */
function exampleShots(n: number, s: number, p16: number): string[] {
  const shots: number[] = Array(n).fill(0);
  shots[n - 16] = p16;
  let rest = s - p16;
  for (let i = 0; i < n && rest > 0; i++) {
    if (i === n - 16) continue;
    const v = Math.min(99999, rest);
    shots[i] = v;
    rest -= v;
  }
  return shots.map((v) => String(v).padStart(5, '0'));
}

describe('docs/rules/lottery.md §11 known answers', () => {
  it('R1 derives as stated', () => {
    expect(R1).toEqual({
      first: '845312',
      top3: '312',
      top2: '12',
      bottom2: '71',
      front3: ['207', '519'],
      back3: ['663', '048'],
    });
  });
  it('1: three_top 312 × 10 wins 9,000; 213 × 10 loses', () => {
    expect(baht(win(R1, 'three_top', '312', 10))).toBe(9000);
    expect(win(R1, 'three_top', '213', 10)).toBe(0);
  });
  it('2: three_tod 231 × 20 wins 3,000', () => {
    expect(baht(win(R1, 'three_tod', '231', 20))).toBe(3000);
  });
  it('3: three_front 519 × 4 wins 1,800; three_back 048 × 5 wins 2,250, 312 × 5 loses', () => {
    expect(baht(win(R1, 'three_front', '519', 4))).toBe(1800);
    expect(baht(win(R1, 'three_back', '048', 5))).toBe(2250);
    expect(win(R1, 'three_back', '312', 5)).toBe(0);
  });
  it('4: two_top 12 × 100 wins 9,000; two_bottom 17 × 100 loses', () => {
    expect(baht(win(R1, 'two_top', '12', 100))).toBe(9000);
    expect(win(R1, 'two_bottom', '17', 100)).toBe(0);
  });
  it('5: run_top 1 × 7 wins 22.40; run_bottom 7 × 10 wins 42.00', () => {
    expect(win(R1, 'run_top', '1', 7)).toBe(2240);
    expect(win(R1, 'run_bottom', '7', 10)).toBe(4200);
  });
  it('6: top3 121 — tod 112 wins 1,500, 122 loses; top3 555 — run_top 5 pays 32.00 once', () => {
    const r121 = deriveResult('lao4', { number: '9121' });
    expect(r121.top3).toBe('121');
    expect(baht(win(r121, 'three_tod', '112', 10))).toBe(1500);
    expect(win(r121, 'three_tod', '122', 10)).toBe(0);
    const r555 = deriveResult('lao4', { number: '0555' });
    expect(win(r555, 'run_top', '5', 10)).toBe(3200);
  });
  it('7: BAAC 5098264 → 264 / 98; two_bottom 98 × 50 wins 4,500', () => {
    const r = deriveResult('baac7', { first: '5098264' });
    expect([r.top3, r.bottom2]).toEqual(['264', '98']);
    expect(baht(win(r, 'two_bottom', '98', 50))).toBe(4500);
    const doc = deriveResult('baac7', { first: '4273157' });
    expect([doc.top3, doc.bottom2]).toEqual(['157', '73']);
  });
  it('8: Hang Seng 17,208.05 / +96.40 → 805 / 05 / 40; two_top 05 × 20 wins 1,800; two_bottom 04 × 20 loses', () => {
    const r = deriveResult('stock', { close: '17,208.05', change: '+96.40' });
    expect([r.top3, r.top2, r.bottom2]).toEqual(['805', '05', '40']);
    expect(baht(win(r, 'two_top', '05', 20))).toBe(1800);
    expect(win(r, 'two_bottom', '04', 20)).toBe(0);
    const doc = deriveResult('stock', { close: '38,654.21', change: '-123.56' });
    expect([doc.top3, doc.top2, doc.bottom2]).toEqual(['421', '21', '56']);
  });
  it('9: two_top 12 × 100 at 90 wins 9,000; reduced to 45, wins 4,500', () => {
    expect(baht(win(R1, 'two_top', '12', 100, rateToX100('90')))).toBe(9000);
    expect(baht(win(R1, 'two_top', '12', 100, rateToX100('45')))).toBe(4500);
  });
  it('10: yeekee example B → 075 / 75 / 04; two_bottom 04 × 10 wins 920; three_top 075 × 2 wins 1,700; 19 shots void', () => {
    const b = yeekeeOutcome(exampleShots(24, 1_107_521, 3_446));
    expect(b).toMatchObject({ void: false, sum: 1_107_521, p16: 3_446, r: '04075' });
    const r = deriveResult('yeekee', { r: b.r! });
    expect([r.top3, r.top2, r.bottom2]).toEqual(['075', '75', '04']);
    expect(baht(win(r, 'two_bottom', '04', 10, YEEKEE_RATE.two_bottom))).toBe(920);
    expect(baht(win(r, 'three_top', '075', 2, YEEKEE_RATE.three_top))).toBe(1700);
    expect(yeekeeOutcome(exampleShots(19, 900_000, 1)).void).toBe(true);
  });
  it('yeekee example A → 83675 → 675 / 75 / 83', () => {
    const a = yeekeeOutcome(exampleShots(37, 1_846_093, 62_418));
    expect(a).toMatchObject({ sum: 1_846_093, p16: 62_418, r: '83675' });
    const r = deriveResult('yeekee', { r: a.r! });
    expect([r.top3, r.top2, r.bottom2]).toEqual(['675', '75', '83']);
  });
});

describe('derivation of the other rules', () => {
  it('gsb2: top3 from draw 1, bottom2 from draw 2', () => {
    expect(deriveResult('gsb2', { draw1: '1234567', draw2: '7654321' })).toMatchObject({
      top3: '567',
      top2: '67',
      bottom2: '21',
    });
  });
  it('lao4: top3 = last 3, bottom2 = first 2', () => {
    expect(deriveResult('lao4', { number: '4821' })).toMatchObject({ top3: '821', bottom2: '48' });
  });
  it('hanoi: special prize last 3, first prize last 2', () => {
    expect(deriveResult('hanoi', { special: '12345', first: '67890' })).toMatchObject({
      top3: '345',
      bottom2: '90',
    });
  });
  it('rejects malformed outputs naming the field, in Thai', () => {
    const refusal = (rule: Parameters<typeof deriveResult>[0], raw: Record<string, unknown>) => {
      try {
        deriveResult(rule, raw);
      } catch (err) {
        if (err instanceof DeriveError) return { field: err.field, message: err.message };
      }
      throw new Error('accepted');
    };
    expect(
      refusal('glo', { first: '84531', front3: ['207', '519'], back3: ['663', '048'], last2: '71' }),
    ).toEqual({ field: 'first', message: 'รางวัลที่ 1 ต้องเป็นตัวเลข 6 หลัก' });
    expect(refusal('stock', { close: '17208.5', change: '1.00' })).toEqual({
      field: 'close',
      message: 'ดัชนีปิด ต้องเป็นตัวเลขทศนิยม 2 ตำแหน่ง',
    });
    expect(refusal('glo', { first: '845312', front3: ['207'], back3: ['663', '048'], last2: '71' })).toEqual({
      field: 'front3',
      message: 'เลขหน้า 3 ตัว ต้องมี 2 รางวัล',
    });
    expect(refusal('baac7', { first: 'abcdefg' }).field).toBe('first');
  });
});
