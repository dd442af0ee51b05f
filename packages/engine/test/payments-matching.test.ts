import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Satang, satang } from '../src/money.ts';
import { FRACTIONS_SATANG, pickFraction } from '../src/payments/deposit-amount.ts';
import {
  bahtInWords,
  bonusFor,
  type PromotionRule,
  type PromotionState,
  promotionCancel,
  promotionClose,
  promotionTermLines,
  requiredTurnover,
} from '../src/payments/promotion.ts';
import {
  candidatesFor,
  counterpartiesAgree,
  counterpartyMatches,
  type DepositCandidate,
  normaliseCounterparty,
  sameTransfer,
} from '../src/payments/statement-match.ts';

describe('unique pay amount', () => {
  it('adds a fraction of 0.01–0.99 that no reserved request on the account holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 200_000 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 98 }),
        fc.nat(),
        (baht, takenFractions, seed) => {
          const amount = satang(baht * 100);
          const taken = takenFractions.map((f) => amount + f);
          const pay = pickFraction(taken, amount, (n) => seed % n);
          expect(pay).not.toBeNull();
          const f = pay! - amount;
          expect(f).toBeGreaterThanOrEqual(1);
          expect(f).toBeLessThanOrEqual(99);
          expect(taken).not.toContain(pay);
        },
      ),
    );
  });

  it('ignores reservations of other amounts, and is null when all 99 are taken', () => {
    const amount = satang(50000);
    const all = Array.from({ length: FRACTIONS_SATANG }, (_, i) => amount + i + 1);
    expect(pickFraction(all, amount, () => 0)).toBeNull();
    expect(pickFraction([...all.slice(1), 60001, 49999], amount, () => 0)).toBe(50001);
  });

  it('draws every free fraction', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 99; i++) seen.add(pickFraction([], satang(10000), () => i)!);
    expect(seen.size).toBe(99);
  });
});

describe('statement counterparty', () => {
  it('normalises masks and phones', () => {
    expect(normaliseCounterparty('xxx-x-x6789-x')).toBe('xxxxx6789x');
    expect(normaliseCounterparty('XXX-X-X6789-X')).toBe('xxxxx6789x');
    expect(normaliseCounterparty('***6789*')).toBe('xxx6789x');
    expect(normaliseCounterparty('+66 81 234 5678')).toBe('0812345678');
    expect(normaliseCounterparty('081-234-5678')).toBe('0812345678');
    expect(normaliseCounterparty('')).toBe('');
    expect(normaliseCounterparty(null)).toBe('');
  });

  it('matches the worked example: KBANK 1234567890 against xxx-x-x6789-x', () => {
    expect(counterpartyMatches('xxxxx6789x', '1234567890')).toBe(true);
    expect(counterpartyMatches('xxxxx6780x', '1234567890')).toBe(false);
    expect(counterpartyMatches('xxxxx6789x', '1234567809')).toBe(false);
  });

  it('needs at least 4 visible digits, aligned from the right', () => {
    expect(counterpartyMatches('xxxxxx789x', '1234567890')).toBe(false);
    expect(counterpartyMatches('7890', '1234567890')).toBe(true);
    expect(counterpartyMatches('1234567890', '1234567890')).toBe(true);
    // A mask longer than the account cannot match digits the account does not have.
    expect(counterpartyMatches('91234567890', '1234567890')).toBe(false);
    expect(counterpartyMatches('x1234567890', '1234567890')).toBe(true);
  });

  it('a fully visible account matches only itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10,15}$/), fc.stringMatching(/^[0-9]{10,15}$/), (a, b) => {
        expect(counterpartyMatches(a, b)).toBe(a === b);
      }),
    );
  });

  it('masking any digits of the account still matches when 4 or more stay visible', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{10,12}$/),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (acct, hide) => {
          const mask = [...acct].map((c, i) => (hide[i] ? 'x' : c)).join('');
          const visible = mask.replace(/x/g, '').length;
          expect(counterpartyMatches(mask, acct)).toBe(visible >= 4);
        },
      ),
    );
  });
});

describe('statement line candidates', () => {
  const base = new Date('2026-03-01T07:00:00Z'); // 14:00 Bangkok
  const min = 60_000;
  const req = (over: Partial<DepositCandidate>): DepositCandidate => ({
    id: 1,
    paySatang: satang(50037),
    createdAt: base,
    expiresAt: new Date(base.getTime() + 15 * min),
    status: 'open',
    registered: '1234567890',
    ...over,
  });
  const line = (minutes: number, amount: Satang = satang(50037), counterparty = 'xxxxx6789x') => ({
    postedAt: new Date(base.getTime() + minutes * min),
    amountSatang: amount,
    counterparty,
  });

  it('pays the worked example: 14:07, 500.37, xxx-x-x6789-x', () => {
    expect(candidatesFor(line(7), [req({})]).map((r) => r.id)).toEqual([1]);
  });

  it('keeps expired and cancelled requests until 10 minutes after expiry', () => {
    expect(candidatesFor(line(25), [req({ status: 'expired' })])).toHaveLength(1);
    expect(candidatesFor(line(25), [req({ status: 'cancelled' })])).toHaveLength(1);
    expect(candidatesFor(line(25.02), [req({ status: 'expired' })])).toHaveLength(0);
    expect(candidatesFor(line(-1), [req({})])).toHaveLength(0);
  });

  it('never matches paid, rejected or review requests, another amount or another account', () => {
    for (const status of ['paid', 'rejected', 'review'] as const) {
      expect(candidatesFor(line(7), [req({ status })])).toHaveLength(0);
    }
    expect(candidatesFor(line(7, satang(50038)), [req({})])).toHaveLength(0);
    expect(candidatesFor(line(7), [req({ registered: '9999999999' })])).toHaveLength(0);
  });

  it('a line without a counterparty keeps every candidate (then several → unmatched)', () => {
    const two = [req({ id: 1 }), req({ id: 2, registered: '5555555555' })];
    expect(candidatesFor(line(7, satang(50037), ''), two)).toHaveLength(2);
    expect(candidatesFor(line(7), two).map((r) => r.id)).toEqual([1]);
  });
});

describe('deposit promotion', () => {
  const rule: PromotionRule = {
    kind: 'percent',
    value: 20,
    capSatang: satang(50000),
    minDepositSatang: satang(10000),
    turnoverMultiplier: 5,
  };

  it('the engagement example: 1,000 earns 200, requirement 6,000', () => {
    const bonus = bonusFor(rule, satang(100000));
    expect(bonus).toBe(20000);
    expect(requiredTurnover(rule, satang(100000), bonus)).toBe(600000);
    expect(`${bahtInWords(450000)}/${bahtInWords(600000)}`).toBe('4,500/6,000');
  });

  it('caps, floors to the satang and honours the minimum deposit', () => {
    expect(bonusFor(rule, satang(1000000))).toBe(50000);
    expect(bonusFor(rule, satang(10001))).toBe(2000);
    expect(bonusFor(rule, satang(9999))).toBe(0);
    expect(bonusFor({ ...rule, kind: 'fixed', value: 30000 }, satang(10000))).toBe(30000);
    expect(bahtInWords(450050)).toBe('4,500.50');
  });
});

describe('closing a deposit promotion (docs/rules/engagement.md §1.4–1.5, docs/rules/casino.md §1.4)', () => {
  const active: PromotionState = {
    turnover: satang(450000),
    required: satang(600000),
    now: new Date('2026-03-05T00:00:00Z'),
    endsAt: new Date('2026-03-08T00:00:00Z'),
    bonusBalance: satang(120000),
    depositSatang: satang(100000),
    maxWithdrawSatang: null,
    openRound: false,
  };

  it('stays open while turnover is unmet, before its end, with 1 baht or more', () => {
    expect(promotionClose(active)).toBeNull();
    expect(promotionClose({ ...active, bonusBalance: satang(100) })).toBeNull();
  });

  it('turnover met: the bonus wallet to main, capped by max_withdraw, the rest forfeited', () => {
    const met = { ...active, turnover: satang(600000) };
    expect(promotionClose(met)).toEqual({ status: 'completed', release: 120000, forfeit: 0 });
    expect(promotionClose({ ...met, maxWithdrawSatang: satang(50000) })).toEqual({
      status: 'completed',
      release: 50000,
      forfeit: 70000,
    });
  });

  it('past its end: min(bonus wallet, deposit) to main; under 1 baht: lost, the residue forfeited', () => {
    expect(promotionClose({ ...active, now: active.endsAt })).toEqual({
      status: 'expired',
      release: 100000,
      forfeit: 20000,
    });
    expect(promotionClose({ ...active, bonusBalance: satang(99) })).toEqual({
      status: 'lost',
      release: 0,
      forfeit: 99,
    });
  });

  it('nothing closes while a round staked from the bonus wallet is open', () => {
    for (const s of [
      { ...active, bonusBalance: satang(50) },
      { ...active, turnover: satang(600000) },
      { ...active, now: active.endsAt },
    ]) {
      expect(promotionClose(s)).not.toBeNull();
      expect(promotionClose({ ...s, openRound: true })).toBeNull();
    }
  });
});

describe('cancelling a deposit promotion (docs/rules/engagement.md §1.5)', () => {
  it('min(bonus wallet, deposit) back to main, the rest forfeited; nothing while a bonus round is open', () => {
    const s = { bonusBalance: satang(120000), depositSatang: satang(100000), openRound: false };
    expect(promotionCancel(s)).toEqual({ status: 'cancelled', release: 100000, forfeit: 20000 });
    expect(promotionCancel({ ...s, bonusBalance: satang(30000) })).toEqual({
      status: 'cancelled',
      release: 30000,
      forfeit: 0,
    });
    expect(promotionCancel({ ...s, openRound: true })).toBeNull();
  });
});

describe("a promotion's rules in plain Thai", () => {
  it('the §1 defaults', () => {
    expect(
      promotionTermLines({
        kind: 'percent',
        value: 20,
        capSatang: satang(50000),
        minDepositSatang: satang(10000),
        turnoverMultiplier: 5,
        eligibility: 'first_of_day',
        maxWithdrawSatang: null,
        expiryDays: 7,
        categories: ['สล็อต', 'ซื้อฟรีสปิน', 'ยิงปลา'],
      }),
    ).toEqual([
      'โบนัส 20% ของยอดฝาก สูงสุด 500 บาท',
      'ฝากขั้นต่ำ 100 บาท (ยอดฝากแรกของวัน)',
      'ทำเทิร์น 5 เท่าของ (ยอดฝาก + โบนัส)',
      'เล่นได้เฉพาะสล็อต ซื้อฟรีสปิน และยิงปลา',
      'ถอนได้ไม่จำกัดเมื่อทำเทิร์นครบ',
      'ต้องทำเทิร์นให้ครบภายใน 7 วัน',
    ]);
  });

  it('a fixed bonus, a withdrawal cap and no turnover', () => {
    const lines = promotionTermLines({
      kind: 'fixed',
      value: 5000,
      capSatang: null,
      minDepositSatang: satang(30000),
      turnoverMultiplier: 0,
      eligibility: 'every',
      maxWithdrawSatang: satang(200000),
      expiryDays: 3,
      categories: [],
    });
    expect(lines).toEqual([
      'โบนัส 50 บาท',
      'ฝากขั้นต่ำ 300 บาท (ทุกยอดฝาก)',
      'ไม่ต้องทำเทิร์น',
      'เล่นได้ทุกเกม',
      'ถอนได้สูงสุด 2,000 บาทเมื่อทำเทิร์นครบ',
      'ต้องทำเทิร์นให้ครบภายใน 3 วัน',
    ]);
  });
});

describe('one transfer seen by two sources (docs/rules/payments.md §3.7)', () => {
  const a = { postedAt: new Date(0), amountSatang: 50_037, counterparty: 'x678912x', bankRef: null };

  it('same amount, at most 10 minutes apart, agreeing counterparties', () => {
    expect(
      sameTransfer(a, { ...a, postedAt: new Date(41_000), counterparty: 'xxxxx6789x', bankRef: 'R1' }),
    ).toBe(true);
    expect(sameTransfer(a, { ...a, postedAt: new Date(10 * 60_000) })).toBe(true);
    expect(sameTransfer(a, { ...a, postedAt: new Date(10 * 60_000 + 1) })).toBe(false);
    expect(sameTransfer(a, { ...a, amountSatang: 50_038 })).toBe(false);
    expect(sameTransfer(a, { ...a, counterparty: 'x111122x' })).toBe(false);
  });

  it('the same reference is the same transfer whatever the time; different references are not compared', () => {
    const r = { ...a, bankRef: 'TX1' };
    expect(sameTransfer(r, { ...r, postedAt: new Date(86_400_000), counterparty: '' })).toBe(true);
    expect(sameTransfer(r, { ...r, bankRef: 'OTHER' })).toBe(true);
  });

  it('counterparties: the last 4 digits of the shorter run inside the longer; fewer than 4 digits contradict nothing', () => {
    expect(counterpartiesAgree('0812345678', '0812345678')).toBe(true);
    expect(counterpartiesAgree('xxx5678', '0812345678')).toBe(true);
    expect(counterpartiesAgree('x678912x', 'xxxxx6789x')).toBe(true);
    expect(counterpartiesAgree('x1234x', 'xxxxx6789x')).toBe(false);
    expect(counterpartiesAgree('', 'xxxxx6789x')).toBe(true);
    expect(counterpartiesAgree('xx89', 'xxxxx6789x')).toBe(true);
  });
});
