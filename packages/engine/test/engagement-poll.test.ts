import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskName, maskPhone } from '../src/engagement/mask.ts';
import {
  depositForNextVote,
  POLL_DEFAULTS,
  pollPhase,
  pollQuota,
  voteShares,
  winnerReward,
} from '../src/engagement/poll.ts';
import { satang } from '../src/money.ts';

// docs/rules/engagement.md §10.

const baht = (n: number) => satang(n * 100);

describe('the vote quota (rule 1)', () => {
  it('is 1 vote plus 1 per 1,000 baht deposited while open, up to 10', () => {
    expect(pollQuota(baht(0))).toBe(1);
    expect(pollQuota(baht(999.99))).toBe(1);
    expect(pollQuota(baht(1_000))).toBe(2);
    expect(pollQuota(baht(2_500))).toBe(3);
    expect(pollQuota(baht(8_999))).toBe(9);
    expect(pollQuota(baht(9_000))).toBe(10);
    expect(pollQuota(baht(1_000_000))).toBe(10);
  });

  it('tells how much more brings the next vote, and nothing at the maximum', () => {
    expect(depositForNextVote(baht(0))).toBe(baht(1_000));
    expect(depositForNextVote(baht(1_250))).toBe(baht(750));
    expect(depositForNextVote(baht(8_999))).toBe(baht(1));
    expect(depositForNextVote(baht(9_000))).toBeNull();
  });

  it('never falls as deposits grow, never passes the maximum, and follows the operator settings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (dep, more, base, extra, per) => {
          const rules = {
            ...POLL_DEFAULTS,
            baseVotes: base,
            maxVotes: base + extra,
            satangPerVote: satang(per),
          };
          const a = pollQuota(satang(dep), rules);
          const b = pollQuota(satang(dep + more), rules);
          expect(a).toBeGreaterThanOrEqual(base);
          expect(b).toBeGreaterThanOrEqual(a);
          expect(b).toBeLessThanOrEqual(base + extra);
          const next = depositForNextVote(satang(dep), rules);
          if (next === null) expect(a).toBe(base + extra);
          else expect(pollQuota(satang(dep + next), rules)).toBe(a + 1);
        },
      ),
    );
  });

  it('refuses settings and deposits that make no sense', () => {
    expect(() => pollQuota(satang(-1))).toThrow(RangeError);
    expect(() => pollQuota(baht(1), { ...POLL_DEFAULTS, maxVotes: 0 })).toThrow(RangeError);
    expect(() => pollQuota(baht(1), { ...POLL_DEFAULTS, satangPerVote: satang(0) })).toThrow(RangeError);
  });
});

describe('the reward (rule 3)', () => {
  it('is 20 baht of free credit per winning vote', () => {
    expect(winnerReward(1)).toBe(baht(20));
    expect(winnerReward(10)).toBe(baht(200));
    expect(winnerReward(0)).toBe(0);
  });
});

describe('the phase (rule 2)', () => {
  const p = {
    status: 'open' as const,
    openAt: new Date('2026-03-01T00:00:00Z'),
    closeAt: new Date('2026-03-02T00:00:00Z'),
    resulted: false,
  };
  it('is upcoming before open_at, open until close_at (excluded), then closed, then resulted', () => {
    expect(pollPhase(p, new Date('2026-02-28T23:59:59Z'))).toBe('upcoming');
    expect(pollPhase(p, new Date('2026-03-01T00:00:00Z'))).toBe('open');
    expect(pollPhase(p, new Date('2026-03-01T23:59:59.999Z'))).toBe('open');
    expect(pollPhase(p, new Date('2026-03-02T00:00:00Z'))).toBe('closed');
    expect(pollPhase({ ...p, status: 'closed' }, new Date('2026-03-01T12:00:00Z'))).toBe('closed');
    expect(pollPhase({ ...p, status: 'closed', resulted: true }, new Date('2026-03-03T00:00:00Z'))).toBe(
      'resulted',
    );
  });
});

describe('the stats', () => {
  it('share 100.00 percent exactly among the choices', () => {
    expect(voteShares([1, 1, 1])).toEqual(['33.34', '33.33', '33.33']);
    expect(voteShares([3, 1])).toEqual(['75.00', '25.00']);
    expect(voteShares([0, 0])).toEqual(['0.00', '0.00']);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (votes) => {
          const shares = voteShares(votes).map((s) => Math.round(Number(s) * 100));
          const total = votes.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : 10_000);
          votes.forEach((v, i) => {
            if (total > 0) expect(Math.abs(shares[i]! - (v * 10_000) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('masked names on public lists', () => {
  it('show the first name and one letter of the surname, and never the whole phone', () => {
    expect(maskName('สมชาย ใจดี')).toBe('สมชาย ใ***');
    expect(maskName('  John   Smith ')).toBe('John S***');
    expect(maskName('สมชาย')).toBe('ส***');
    expect(maskName('')).toBe('สมาชิก');
    expect(maskPhone('0812345678')).toBe('08x-xxx-5678');
    expect(maskPhone('12')).toBe('xxx-xxx-xxxx');
  });
});
