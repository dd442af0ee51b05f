import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bangkokTime } from '../src/bangkok-calendar.ts';
import {
  applyRate,
  bpToPercent,
  COMMISSION_DEFAULTS,
  claimableDay,
  claimWindow,
  dayBounds,
  LOSS_CASHBACK_DEFAULTS,
  lossCashback,
  percentToBp,
  turnoverCommission,
  windowState,
} from '../src/engagement/cashback.ts';
import { satang } from '../src/money.ts';

const baht = (n: number) => n * 100;

describe('loss cashback (docs/rules/engagement.md §3)', () => {
  it('the worked example: casino 12,000/9,400 and slot 3,000/3,900 → net loss 1,700 → 85.00', () => {
    const r = lossCashback([
      { category: 'casino', stake: baht(12_000), payout: baht(9_400) },
      { category: 'slot', stake: baht(3_000), payout: baht(3_900) },
    ]);
    expect(r).toEqual({
      stake: baht(15_000),
      payout: baht(13_300),
      netLoss: baht(1_700),
      computed: baht(85),
      amount: baht(85),
      refusal: null,
    });
  });

  it('defaults: 5% from 1.00 baht', () => {
    expect(LOSS_CASHBACK_DEFAULTS).toEqual({ rateBp: 500, minimum: 100 });
  });

  it('only casino and slot count; lotto counts only in the lotto variant', () => {
    const figures = [
      { category: 'fishing', stake: baht(5_000), payout: 0 },
      { category: 'sport', stake: baht(5_000), payout: 0 },
      { category: 'lotto', stake: baht(400), payout: baht(150) },
      { category: 'casino', stake: baht(100), payout: 0 },
    ];
    expect(lossCashback(figures).amount).toBe(baht(5));
    expect(lossCashback(figures, LOSS_CASHBACK_DEFAULTS, ['lotto']).amount).toBe(1_250);
  });

  it('floors to the satang and pays nothing under 1.00 baht or when the member is up', () => {
    expect(lossCashback([{ category: 'slot', stake: 2_039, payout: 0 }])).toMatchObject({
      computed: 101,
      amount: 101,
    });
    expect(lossCashback([{ category: 'slot', stake: 1_999, payout: 0 }])).toMatchObject({
      computed: 99,
      amount: 0,
      refusal: 'below_minimum',
    });
    expect(lossCashback([{ category: 'slot', stake: 1_000, payout: 1_000 }])).toMatchObject({
      amount: 0,
      refusal: 'no_loss',
    });
    expect(lossCashback([{ category: 'casino', stake: 1_000, payout: 5_000 }])).toMatchObject({
      netLoss: -4_000,
      computed: 0,
      refusal: 'no_loss',
    });
    expect(lossCashback([])).toMatchObject({ amount: 0, refusal: 'no_loss' });
  });

  it('is ⌊net loss × rate⌋, never above 5% of the loss, never negative (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            category: fc.constantFrom('casino', 'slot', 'fishing', 'lotto'),
            stake: fc.integer({ min: 0, max: 1e9 }),
            payout: fc.integer({ min: 0, max: 1e9 }),
          }),
          { maxLength: 8 },
        ),
        (figures) => {
          const r = lossCashback(figures);
          const counted = figures.filter((f) => f.category === 'casino' || f.category === 'slot');
          const net = counted.reduce((s, f) => s + f.stake - f.payout, 0);
          expect(r.netLoss).toBe(net);
          expect(r.amount).toBeGreaterThanOrEqual(0);
          if (net > 0) expect(r.computed).toBe(Math.floor((net * 5) / 100));
          expect(r.amount === 0 || r.amount >= 100).toBe(true);
        },
      ),
    );
  });

  it('refuses figures and rules that are not whole satang or whole basis points', () => {
    expect(() => lossCashback([{ category: 'slot', stake: -1, payout: 0 }])).toThrow(RangeError);
    expect(() => lossCashback([{ category: 'slot', stake: 1.5, payout: 0 }])).toThrow(RangeError);
    expect(() => lossCashback([], { rateBp: 0, minimum: satang(100) })).toThrow(RangeError);
    expect(() => lossCashback([], { rateBp: 10_001, minimum: satang(100) })).toThrow(RangeError);
    expect(() => lossCashback([], { rateBp: 500, minimum: satang(0) })).toThrow(RangeError);
  });
});

describe('turnover commission (docs/rules/engagement.md §4)', () => {
  it('the worked example: 15,000 turnover pays 30.00', () => {
    expect(turnoverCommission([{ category: 'slot', stake: baht(15_000), payout: 0 }])).toEqual({
      turnover: baht(15_000),
      computed: baht(30),
      amount: baht(30),
    });
  });

  it('0.2% of casino, slot, fishing and sport (not lotto or free spins), from 1 baht', () => {
    expect(COMMISSION_DEFAULTS).toEqual({ rateBp: 20, minimum: 100 });
    const r = turnoverCommission([
      { category: 'casino', stake: baht(100), payout: baht(500) },
      { category: 'slot', stake: baht(100), payout: 0 },
      { category: 'fishing', stake: baht(100), payout: 0 },
      { category: 'sport', stake: baht(100), payout: 0 },
      { category: 'lotto', stake: baht(10_000), payout: 0 },
      { category: 'freespin', stake: baht(10_000), payout: 0 },
    ]);
    expect(r).toEqual({ turnover: baht(400), computed: 80, amount: 0 });
    expect(turnoverCommission([{ category: 'sport', stake: baht(500), payout: 0 }]).amount).toBe(100);
    expect(turnoverCommission([{ category: 'sport', stake: 49_999, payout: 0 }])).toMatchObject({
      computed: 99,
      amount: 0,
    });
  });

  it('applyRate is exact beyond what a double multiplies exactly', () => {
    expect(applyRate(satang(Number.MAX_SAFE_INTEGER), 20)).toBe(Math.floor(Number.MAX_SAFE_INTEGER / 500));
    expect(applyRate(satang(Number.MAX_SAFE_INTEGER), 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('the claim window (§3 rule 3) and the day bounds', () => {
  it('day D is claimable on D+1 from 00:00 to 23:59 Bangkok', () => {
    expect(claimableDay(bangkokTime('2026-03-02', '00:00'))).toBe('2026-03-01');
    expect(claimableDay(new Date(bangkokTime('2026-03-03', '00:00').getTime() - 1))).toBe('2026-03-01');
    expect(claimableDay(bangkokTime('2026-01-01', '12:00'))).toBe('2025-12-31');
    const w = claimWindow('2026-02-28');
    expect(w.opensAt.toISOString()).toBe('2026-02-28T17:00:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(windowState('2026-02-28', bangkokTime('2026-02-28', '23:59'))).toBe('not_open');
    expect(windowState('2026-02-28', bangkokTime('2026-03-01', '00:00'))).toBe('open');
    expect(windowState('2026-02-28', bangkokTime('2026-03-01', '23:59'))).toBe('open');
    expect(windowState('2026-02-28', bangkokTime('2026-03-02', '00:00'))).toBe('closed');
  });

  it('a Bangkok day is [00:00, next 00:00)', () => {
    const b = dayBounds('2026-05-10');
    expect(b.from.toISOString()).toBe('2026-05-09T17:00:00.000Z');
    expect(b.to.toISOString()).toBe('2026-05-10T17:00:00.000Z');
  });
});

describe('rates as an operator types them', () => {
  it('percent text ↔ basis points', () => {
    expect(percentToBp('5')).toBe(500);
    expect(percentToBp('5.0')).toBe(500);
    expect(percentToBp('0.2')).toBe(20);
    expect(percentToBp('0.15')).toBe(15);
    expect(percentToBp('100')).toBe(10_000);
    for (const bad of ['0', '0.00', '100.01', '-1', '1e2', '0x10', '', '5.123', ' ', '1,5'])
      expect(percentToBp(bad)).toBeNull();
    expect(bpToPercent(500)).toBe('5.00');
    expect(bpToPercent(20)).toBe('0.20');
    expect(bpToPercent(15)).toBe('0.15');
  });
});
