import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LedgerModel } from '../src/ledger-model.ts';
import { satang } from '../src/money.ts';

const accounts = ['m1', 'm2', 'm3', 'sys:bank', 'sys:game'];
const transferArb = fc.record({
  key: fc.integer({ min: 0, max: 40 }).map((n) => `k${n}`),
  debit: fc.constantFrom(...accounts),
  credit: fc.constantFrom(...accounts),
  amount: fc.integer({ min: 1, max: 5000 }).map(satang),
});

describe('ledger model', () => {
  it('never lets a member go negative, nets to zero, and moves each key once', () => {
    fc.assert(
      fc.property(fc.array(transferArb, { maxLength: 300 }), (ops) => {
        const ledger = new LedgerModel((a) => a.startsWith('m'));
        const applied = new Map<string, number>();
        for (const op of ops) {
          if (op.debit === op.credit) continue;
          const outcome = ledger.apply(op);
          if (outcome === 'ok') applied.set(op.key, (applied.get(op.key) ?? 0) + 1);
        }
        for (const a of accounts.filter((x) => x.startsWith('m'))) {
          expect(ledger.balance(a)).toBeGreaterThanOrEqual(0);
          expect(ledger.balance(a)).toBe(ledger.derived.get(a) ?? 0);
        }
        expect(ledger.net()).toBe(0);
        for (const count of applied.values()) expect(count).toBe(1);
      }),
    );
  });

  it('answers a replay with the first outcome and a changed replay as a mismatch', () => {
    const ledger = new LedgerModel((a) => a.startsWith('m'));
    expect(ledger.apply({ key: 'a', debit: 'sys:bank', credit: 'm1', amount: satang(100) })).toBe('ok');
    expect(ledger.apply({ key: 'a', debit: 'sys:bank', credit: 'm1', amount: satang(100) })).toBe('replayed');
    expect(ledger.apply({ key: 'a', debit: 'sys:bank', credit: 'm1', amount: satang(101) })).toBe(
      'key_mismatch',
    );
    expect(ledger.apply({ key: 'b', debit: 'm1', credit: 'sys:game', amount: satang(101) })).toBe(
      'insufficient_funds',
    );
    expect(ledger.balance('m1')).toBe(100);
  });
});
