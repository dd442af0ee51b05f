import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bangkokDate } from '../src/bangkok-calendar.ts';
import { chainSeed, memberRef, shotHash, verifyChain } from '../src/lotto/chain.ts';
import { deriveResult, isWellFormedResult } from '../src/lotto/derive.ts';
import { itemWins, payoutSatang, rateToX100, winningKeys, x100ToRate } from '../src/lotto/match.ts';
import { reverseNumbers } from '../src/lotto/reverse.ts';
import { roundsBetween, roundsOn } from '../src/lotto/schedule.ts';
import { yeekeeOutcome } from '../src/lotto/yeekee.ts';

const digit = fc.integer({ min: 0, max: 9 }).map(String);
const digitsOf = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));
const result = fc
  .record({
    top3: digitsOf(3),
    bottom2: digitsOf(2),
    front: fc.tuple(digitsOf(3), digitsOf(3)),
    back: fc.tuple(digitsOf(3), digitsOf(3)),
  })
  .map(({ top3, bottom2, front, back }) => ({
    top3,
    top2: top3.slice(1),
    bottom2,
    front3: front,
    back3: back,
  }));
const sortDigits = (s: string) => [...s].sort().join('');

describe('bet matching properties', () => {
  it('โต๊ด wins exactly on permutations of top3', () => {
    fc.assert(
      fc.property(result, digitsOf(3), (r, n) => {
        expect(itemWins('three_tod', n, r)).toBe(sortDigits(n) === sortDigits(r.top3));
      }),
    );
  });
  it('every permutation กลับเลข gives of top3 wins โต๊ด, and only top3 itself wins 3 ตัวบน', () => {
    fc.assert(
      fc.property(result, (r) => {
        for (const p of reverseNumbers(r.top3)) {
          expect(itemWins('three_tod', p, r)).toBe(true);
          expect(itemWins('three_top', p, r)).toBe(p === r.top3);
        }
      }),
    );
  });
  it('a run digit wins when it appears and pays once however often it repeats', () => {
    fc.assert(
      fc.property(result, digit, fc.integer({ min: 1, max: 10_000 }), (r, d, stake) => {
        expect(itemWins('run_top', d, r)).toBe(r.top3.includes(d));
        expect(itemWins('run_bottom', d, r)).toBe(r.bottom2.includes(d));
        const keys = winningKeys(r);
        expect(keys.run_top.filter((k) => k === d).length).toBeLessThanOrEqual(1);
        expect(payoutSatang(stake, 320)).toBe(stake * 320);
      }),
    );
  });
  it('front/back numbers pay once even when both prizes are equal', () => {
    fc.assert(
      fc.property(digitsOf(3), (n) => {
        const r = {
          top3: '000',
          top2: '00',
          bottom2: '00',
          front3: [n, n] as [string, string],
          back3: [n, n] as [string, string],
        };
        expect(winningKeys(r).three_front).toEqual([n]);
        expect(winningKeys(r).three_back).toEqual([n]);
      }),
    );
  });
  it('rates round-trip through hundredths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_00 }), (x) => {
        expect(rateToX100(x100ToRate(x))).toBe(x);
      }),
    );
  });
});

describe('กลับเลข', () => {
  it('matches the examples', () => {
    expect(reverseNumbers('47')).toEqual(['47', '74']);
    expect(reverseNumbers('55')).toEqual(['55']);
    expect(reverseNumbers('123')).toHaveLength(6);
    expect(reverseNumbers('112').sort()).toEqual(['112', '121', '211']);
    expect(reverseNumbers('777')).toEqual(['777']);
  });
  it('gives distinct permutations, the entered number first', () => {
    fc.assert(
      fc.property(fc.oneof(digitsOf(2), digitsOf(3)), (n) => {
        const out = reverseNumbers(n);
        expect(out[0]).toBe(n);
        expect(new Set(out).size).toBe(out.length);
        for (const p of out) expect(sortDigits(p)).toBe(sortDigits(n));
        const distinctDigits = new Set(n).size;
        const expected = n.length === 2 ? distinctDigits : [1, 3, 6][distinctDigits - 1];
        expect(out).toHaveLength(expected!);
      }),
    );
  });
});

describe('derivation never yields a wrong-length field', () => {
  it('for every rule and well-formed output', () => {
    const stockNumber = fc
      .tuple(fc.integer({ min: 0, max: 99_999 }), digitsOf(2), fc.constantFrom('', '+', '-'))
      .map(([w, d, s]) => `${s}${w.toLocaleString('en-US')}.${d}`);
    fc.assert(
      fc.property(
        digitsOf(6),
        digitsOf(7),
        digitsOf(4),
        digitsOf(5),
        digitsOf(5),
        digitsOf(2),
        stockNumber,
        stockNumber,
        fc.tuple(digitsOf(3), digitsOf(3)),
        (six, seven, four, five, fiveB, two, close, change, pair) => {
          const all = [
            deriveResult('glo', { first: six, front3: pair, back3: pair, last2: two }),
            deriveResult('baac7', { first: seven }),
            deriveResult('gsb2', { draw1: seven, draw2: six }),
            deriveResult('lao4', { number: four }),
            deriveResult('hanoi', { special: five, first: fiveB }),
            deriveResult('stock', { close, change }),
            deriveResult('yeekee', { r: five }),
          ];
          for (const r of all) expect(isWellFormedResult(r)).toBe(true);
        },
      ),
    );
  });
});

describe('yeekee', () => {
  const shot = fc.integer({ min: 0, max: 99_999 }).map((v) => String(v).padStart(5, '0'));
  it('R = (S − P16) mod 100000 and void below 20 shots', () => {
    fc.assert(
      fc.property(fc.array(shot, { minLength: 0, maxLength: 200 }), (shots) => {
        const o = yeekeeOutcome(shots);
        if (shots.length < 20) {
          expect(o.void).toBe(true);
          return;
        }
        const s = shots.reduce((a, x) => a + Number(x), 0);
        const p16 = Number(shots[shots.length - 16]);
        expect(o.r).toBe(String((s - p16) % 100000).padStart(5, '0'));
        expect(o.r).toMatch(/^[0-9]{5}$/);
      }),
    );
  });
  it('a hash chain verifies and any edited shot breaks it', () => {
    fc.assert(
      fc.property(fc.array(shot, { minLength: 1, maxLength: 30 }), fc.nat(), (numbers, pick) => {
        const seed = chainSeed(7, '2025-01-01', 3);
        let prev = seed;
        const list = numbers.map((number, i) => {
          const s = {
            seq: i + 1,
            member_ref: memberRef(99, i % 3),
            number,
            server_ts: new Date(1e12 + i).toISOString(),
          };
          prev = shotHash(prev, s);
          return { ...s, hash: prev };
        });
        expect(verifyChain(seed, list)).toBeNull();
        const i = pick % list.length;
        const edited = list.map((s, j) =>
          j === i ? { ...s, number: s.number === '00000' ? '00001' : '00000' } : s,
        );
        expect(verifyChain(seed, edited)).toBe(i + 1);
      }),
      { numRuns: 30 },
    );
  });
});

describe('schedules (Asia/Bangkok)', () => {
  const glo = {
    type: 'monthly' as const,
    dates: [1, 16],
    shifts: [
      { from: '01-01', to: '12-30' },
      { from: '01-16', to: '01-17' },
      { from: '05-01', to: '05-02' },
    ],
    close: '15:20',
    result: '16:00',
    open_before_minutes: 14 * 24 * 60,
  };
  it('GLO draws on the 1st and 16th with the three shifts', () => {
    const dates = roundsBetween(glo, '2024-12-01', 200).map((r) => r.business_date);
    expect(dates).toContain('2024-12-30');
    expect(dates).not.toContain('2025-01-01');
    expect(dates).toContain('2025-01-17');
    expect(dates).not.toContain('2025-01-16');
    expect(dates).toContain('2025-05-02');
    expect(dates).not.toContain('2025-05-01');
    expect(dates).toContain('2025-03-16');
    const [r] = roundsOn(glo, '2025-03-16');
    expect(r!.close_at.toISOString()).toBe('2025-03-16T08:20:00.000Z');
    expect(r!.expected_result_at.toISOString()).toBe('2025-03-16T09:00:00.000Z');
  });
  it('yeekee: 88 rounds 15 minutes apart from 06:00, the last at 03:45 next day, shooting 2 min longer', () => {
    const rounds = roundsOn(
      {
        type: 'yeekee',
        rounds: 88,
        first_close: '06:00',
        interval_minutes: 15,
        open: '05:00',
        shoot_extra_minutes: 2,
      },
      '2025-03-16',
    );
    expect(rounds).toHaveLength(88);
    expect(rounds[0]!.close_at.toISOString()).toBe('2025-03-15T23:00:00.000Z');
    expect(rounds[87]!.close_at.toISOString()).toBe('2025-03-16T20:45:00.000Z');
    expect(bangkokDate(rounds[87]!.close_at)).toBe('2025-03-17');
    expect(rounds[87]!.business_date).toBe('2025-03-16');
    expect(rounds[0]!.open_at.toISOString()).toBe('2025-03-15T22:00:00.000Z');
    expect(rounds[0]!.shoot_close_at!.getTime() - rounds[0]!.close_at.getTime()).toBe(120_000);
  });
  it('Dow Jones closes 03:00 the next calendar day on US trading days', () => {
    const dow = {
      type: 'weekly' as const,
      weekdays: [1, 2, 3, 4, 5],
      close: '03:00',
      result: '04:00',
      close_day_offset: 1,
      open_before_minutes: 600,
    };
    expect(roundsOn(dow, '2025-03-15')).toHaveLength(0); // Saturday
    const [r] = roundsOn(dow, '2025-03-14'); // Friday
    expect(r!.close_at.toISOString()).toBe('2025-03-14T20:00:00.000Z');
    expect(r!.expected_result_at.toISOString()).toBe('2025-03-14T21:00:00.000Z');
  });
});
