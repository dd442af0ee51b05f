import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideWallet,
  EMPTY_TURNOVER_WALLET,
  FREE_CREDIT_DEFAULTS,
  grantFreeCredit,
  recordTurnover,
  type TurnoverWallet,
  turnoverProgress,
} from '../src/engagement/free-credit.ts';
import { type Satang, satang } from '../src/money.ts';

const s = (n: number) => satang(n);
const baht = (n: number) => satang(n * 100);

describe('free credit turnover and cap (docs/rules/casino.md §1.3–1.4)', () => {
  it('defaults: requirement grant × 5, cap + 300 baht per grant, close-out under 1 baht', () => {
    expect(FREE_CREDIT_DEFAULTS).toEqual({ turnoverMultiplier: 5, capPerGrant: 30_000, closeOutBelow: 100 });
  });

  it("the doc's example: a 50-baht coupon needs 250 baht of bets; holding 420, 300 moves and 120 is forfeited", () => {
    let w = grantFreeCredit(EMPTY_TURNOVER_WALLET, baht(50));
    expect(w).toEqual({
      balance: baht(50),
      granted: baht(50),
      requirement: baht(250),
      turnover: 0,
      cap: baht(300),
    });
    expect(turnoverProgress(w)).toEqual({
      requirement: baht(250),
      played: 0,
      remaining: baht(250),
      cap: baht(300),
      met: false,
    });

    // The member plays 249.99 baht and is up to 420 baht: not yet.
    w = { ...recordTurnover(w, s(24_999)), balance: baht(420) };
    expect(decideWallet(w, 0)).toMatchObject({ kind: 'keep', toMain: 0, forfeited: 0, next: w });
    // One more satang of settled stake meets it.
    w = recordTurnover(w, s(1));
    expect(turnoverProgress(w)).toMatchObject({ played: baht(250), remaining: 0, met: true });
    const d = decideWallet(w, 0);
    expect(d).toEqual({
      kind: 'release',
      toMain: baht(300),
      forfeited: baht(120),
      next: { balance: 0, granted: 0, requirement: 0, turnover: 0, cap: 0 },
    });
  });

  it('grants add up: check-in 10 + quest 20 baht need 150 baht of bets and cap at 600', () => {
    const w = grantFreeCredit(grantFreeCredit(EMPTY_TURNOVER_WALLET, baht(10)), baht(20));
    expect(w).toMatchObject({ balance: baht(30), requirement: baht(150), cap: baht(600) });
    // Under the cap everything moves, nothing is forfeited.
    const d = decideWallet({ ...recordTurnover(w, baht(200)), balance: baht(75) }, 0);
    expect(d).toMatchObject({ kind: 'release', toMain: baht(75), forfeited: 0 });
  });

  it('takes the multiplier, cap and threshold as settings', () => {
    const rules = { turnoverMultiplier: 3, capPerGrant: baht(100), closeOutBelow: baht(5) };
    const w = grantFreeCredit(EMPTY_TURNOVER_WALLET, baht(40), rules);
    expect(w).toMatchObject({ requirement: baht(120), cap: baht(100) });
    expect(decideWallet({ ...w, balance: s(499) }, 0, rules).kind).toBe('close_out');
    expect(decideWallet({ ...w, balance: s(500) }, 0, rules).kind).toBe('keep');
    // Multiplier 0: no turnover needed, the grant moves at once up to the cap.
    const free = grantFreeCredit(EMPTY_TURNOVER_WALLET, baht(40), { ...rules, turnoverMultiplier: 0 });
    expect(decideWallet(free, 0, rules)).toMatchObject({ kind: 'release', toMain: baht(40), forfeited: 0 });
  });

  it('a wallet under 1 baht with no open round closes out; an open round holds everything', () => {
    const w: TurnoverWallet = {
      balance: s(99),
      granted: baht(50),
      requirement: baht(250),
      turnover: baht(40),
      cap: baht(300),
    };
    expect(decideWallet(w, 0)).toEqual({
      kind: 'close_out',
      toMain: 0,
      forfeited: 99,
      next: { balance: 0, granted: 0, requirement: 0, turnover: 0, cap: 0 },
    });
    expect(decideWallet(w, 1)).toMatchObject({ kind: 'keep', toMain: 0, forfeited: 0, next: w });
    expect(decideWallet({ ...w, balance: s(100) }, 0).kind).toBe('keep');
    // Empty and clean: nothing to close.
    expect(decideWallet(EMPTY_TURNOVER_WALLET, 0).kind).toBe('keep');
    // A met requirement is paid out even when the residue is under 1 baht.
    expect(decideWallet({ ...w, turnover: baht(250) }, 0)).toMatchObject({ kind: 'release', toMain: 99 });
    // A met requirement also waits for the open round.
    expect(decideWallet({ ...w, turnover: baht(250) }, 2).kind).toBe('keep');
  });

  it('a type 2 wallet without a cap (no max_withdraw) releases in full and closes out the same way', () => {
    const bonus: TurnoverWallet = {
      balance: baht(1_500),
      granted: baht(1_200),
      requirement: baht(6_000),
      turnover: baht(6_000),
      cap: null,
    };
    expect(decideWallet(bonus, 0)).toMatchObject({
      kind: 'release',
      toMain: baht(1_500),
      forfeited: 0,
      next: { cap: null },
    });
    expect(decideWallet({ ...bonus, turnover: s(0), balance: s(50) }, 0)).toMatchObject({
      kind: 'close_out',
      forfeited: 50,
    });
  });

  it('refuses nonsense input', () => {
    expect(() => grantFreeCredit(EMPTY_TURNOVER_WALLET, s(0))).toThrow(RangeError);
    expect(() => grantFreeCredit(EMPTY_TURNOVER_WALLET, 1.5 as Satang)).toThrow(RangeError);
    expect(() => recordTurnover(EMPTY_TURNOVER_WALLET, -1 as Satang)).toThrow(RangeError);
    expect(() => decideWallet(EMPTY_TURNOVER_WALLET, -1)).toThrow(RangeError);
    expect(() => decideWallet({ ...EMPTY_TURNOVER_WALLET, balance: -1 as Satang }, 0)).toThrow(RangeError);
  });

  const amount = (max: number) => fc.integer({ min: 0, max }).map(s);
  const wallet: fc.Arbitrary<TurnoverWallet> = fc.record({
    balance: fc.oneof(fc.constantFrom(0, 99, 100, 101).map(s), amount(150), amount(10_000_000)),
    granted: amount(1_000_000),
    requirement: amount(5_000_000),
    turnover: amount(6_000_000),
    cap: fc.option(amount(3_000_000), { nil: null }),
  });

  it('property: moved + forfeited + remaining = balance, nothing negative, never more than the cap to main', () => {
    fc.assert(
      fc.property(wallet, fc.integer({ min: 0, max: 3 }), (w, open) => {
        const d = decideWallet(w, open);
        expect(d.toMain + d.forfeited + d.next.balance).toBe(w.balance);
        for (const v of [d.toMain, d.forfeited, d.next.balance]) expect(v).toBeGreaterThanOrEqual(0);
        if (w.cap !== null) expect(d.toMain).toBeLessThanOrEqual(w.cap);
        if (d.kind !== 'keep')
          expect(d.next).toMatchObject({ balance: 0, granted: 0, requirement: 0, turnover: 0 });
        if (d.kind === 'keep') expect(d.next).toBe(w);
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: the close-out rule — exactly the wallets under 1 baht, with no open round and an unmet requirement, close out', () => {
    fc.assert(
      fc.property(wallet, fc.integer({ min: 0, max: 3 }), (w, open) => {
        const d = decideWallet(w, open);
        const met = w.granted > 0 && w.turnover >= w.requirement;
        const dirty = w.balance > 0 || w.granted > 0 || w.requirement > 0 || w.turnover > 0 || !!w.cap;
        const closes = open === 0 && !met && w.balance < 100 && dirty;
        expect(d.kind === 'close_out').toBe(closes);
        if (closes)
          expect(d).toMatchObject({
            toMain: 0,
            forfeited: w.balance,
            next: { cap: w.cap === null ? null : 0 },
          });
        if (open > 0) expect(d).toMatchObject({ kind: 'keep', toMain: 0, forfeited: 0 });
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: over a life of grants and rounds, granted + won − staked = moved + forfeited + left', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({
        kind: fc.constant('round' as const),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        multiplier: fc.constantFrom(0, 0, 0.5, 1, 2, 10),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let w = EMPTY_TURNOVER_WALLET;
        let inflow = 0;
        let moved = 0;
        let forfeited = 0;
        for (const o of ops) {
          if (o.kind === 'grant') {
            w = grantFreeCredit(w, s(o.amount));
            inflow += o.amount;
          } else {
            const stake = Math.floor(w.balance * o.share);
            if (stake === 0) continue;
            // The stake leaves while the round is open: nothing may move meanwhile.
            w = { ...w, balance: s(w.balance - stake) };
            expect(decideWallet(w, 1).kind).toBe('keep');
            const payout = Math.floor(stake * o.multiplier);
            w = recordTurnover({ ...w, balance: s(w.balance + payout) }, s(stake));
            inflow += payout - stake;
          }
          const d = decideWallet(w, 0);
          moved += d.toMain;
          forfeited += d.forfeited;
          w = d.next;
          expect(w.balance === 0 || w.balance >= 100).toBe(true);
        }
        expect(moved + forfeited + w.balance).toBe(inflow);
      }),
    );
  });
});
