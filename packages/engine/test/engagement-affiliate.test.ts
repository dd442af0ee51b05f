import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_DEFAULTS,
  commissionLines,
  commissionOn,
  type DownlineDay,
  decideRedeem,
  maskName,
  maskPhone,
  netLoss,
  totalOf,
} from '../src/engagement/affiliate.ts';
import { satang } from '../src/money.ts';

const baht = (n: number) => satang(n * 100);
const day = (
  memberId: number,
  stake: number,
  payout: number,
  referrer: number | null,
  grandReferrer: number | null = null,
  flagged = false,
): DownlineDay => ({ memberId, stake: baht(stake), payout: baht(payout), referrer, grandReferrer, flagged });

describe('affiliate commission (docs/rules/engagement.md §11)', () => {
  it('defaults: 5% and 1%, redeem from 100 baht up to 50,000 a day', () => {
    expect(AFFILIATE_DEFAULTS).toEqual({
      level1Bp: 500,
      level2Bp: 100,
      minRedeem: 10_000,
      dailyLimit: 5_000_000,
    });
  });

  it('the worked example: A lost 2,000 and B won 500 on level 1, C lost 1,000 on level 2 → 110 baht', () => {
    const [R, A, B, C] = [1, 2, 3, 4];
    const lines = commissionLines(
      [day(A, 2_000, 0, R), day(B, 1_000, 1_500, R), day(C, 1_000, 0, A, R)],
      AFFILIATE_DEFAULTS,
    );
    const mine = lines.get(R)!;
    expect(mine.map((l) => [l.downlineId, l.level, l.netLoss / 100, l.commission / 100])).toEqual([
      [A, 1, 2_000, 100],
      [B, 1, 0, 0],
      [C, 2, 1_000, 10],
    ]);
    expect(totalOf(mine)).toBe(baht(110));
    // A referred C: C's loss earns A 5% at level 1.
    expect(totalOf(lines.get(A)!)).toBe(baht(50));
  });

  it('a downline flagged by G5 earns nothing at either level, and is still listed', () => {
    const lines = commissionLines([day(5, 3_000, 0, 1, 9, true)], AFFILIATE_DEFAULTS);
    expect(lines.get(1)).toEqual([expect.objectContaining({ level: 1, commission: 0, excluded: true })]);
    expect(lines.get(9)).toEqual([expect.objectContaining({ level: 2, commission: 0, excluded: true })]);
  });

  it('net loss is floored at 0 per member-day and the commission to the satang', () => {
    expect(netLoss(baht(500), baht(900))).toBe(0);
    expect(commissionOn(satang(1_999), 500)).toBe(99); // 19.99 × 5% = 0.9995 → 0.99
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), fc.integer({ min: 0, max: 10_000 }), (s, p, bp) => {
        const c = commissionOn(netLoss(s, p), bp);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(Math.max(0, s - p));
      }),
    );
  });

  it('a member is never their own downline', () => {
    expect(commissionLines([day(1, 1_000, 0, 1, 1)], AFFILIATE_DEFAULTS).size).toBe(0);
  });
});

describe('affiliate redemption (§11 rule 3)', () => {
  const rules = AFFILIATE_DEFAULTS;
  it('takes the balance up to what is left of today when no amount is asked', () => {
    expect(decideRedeem(baht(110), baht(0), null, rules)).toEqual({ ok: true, amount: baht(110) });
    expect(decideRedeem(baht(60_000), baht(0), null, rules)).toEqual({ ok: true, amount: baht(50_000) });
    expect(decideRedeem(baht(500), baht(49_800), null, rules)).toEqual({ ok: true, amount: baht(200) });
  });
  it('refuses under 100 baht, past the balance and past the daily limit', () => {
    expect(decideRedeem(baht(99.99), baht(0), null, rules)).toMatchObject({ ok: false, reason: 'min' });
    expect(decideRedeem(baht(500), baht(0), baht(99), rules)).toMatchObject({ ok: false, reason: 'min' });
    expect(decideRedeem(baht(500), baht(0), baht(600), rules)).toMatchObject({
      ok: false,
      reason: 'balance',
    });
    expect(decideRedeem(baht(60_000), baht(49_950), null, rules)).toMatchObject({
      ok: false,
      reason: 'daily_limit',
      left: baht(50),
    });
    expect(decideRedeem(baht(60_000), baht(0), baht(50_000.01), rules)).toMatchObject({
      ok: false,
      reason: 'daily_limit',
    });
  });
});

describe('masking the network (§11 rule 4)', () => {
  it('สมชาย ใจดี → สมชาย ใ***, 0812345678 → 08x-xxx-5678', () => {
    expect(maskName('สมชาย ใจดี')).toBe('สมชาย ใ***');
    expect(maskName('  กิตติ   ศักดิ์ดี ')).toBe('กิตติ ศั***');
    expect(maskName('มานะ')).toBe('มา***');
    expect(maskPhone('0812345678')).toBe('08x-xxx-5678');
  });
});
