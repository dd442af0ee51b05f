import type { Satang } from './money.ts';

/**
 * The ledger's rules as a pure model: member accounts hold a balance that never goes below zero,
 * system accounts hold none (their balance is derived), every transfer moves a positive amount from
 * one account to another, and an idempotency key moves money at most once. The server's ledger
 * implements the same rules in SQL; tests replay the same operations through both and compare.
 */
export interface ModelTransfer {
  key: string;
  debit: string;
  credit: string;
  amount: Satang;
}

export type ModelOutcome = 'ok' | 'replayed' | 'insufficient_funds' | 'key_mismatch';

export class LedgerModel {
  readonly balances = new Map<string, number>();
  readonly derived = new Map<string, number>();
  private readonly byKey = new Map<string, ModelTransfer>();

  constructor(private readonly isMember: (account: string) => boolean) {}

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }

  apply(t: ModelTransfer): ModelOutcome {
    if (!(t.amount > 0)) throw new RangeError('amount must be positive');
    if (t.debit === t.credit) throw new RangeError('debit and credit must differ');
    const seen = this.byKey.get(t.key);
    if (seen) {
      const same = seen.debit === t.debit && seen.credit === t.credit && seen.amount === t.amount;
      return same ? 'replayed' : 'key_mismatch';
    }
    if (this.isMember(t.debit) && this.balance(t.debit) < t.amount) return 'insufficient_funds';
    this.byKey.set(t.key, t);
    if (this.isMember(t.debit)) this.balances.set(t.debit, this.balance(t.debit) - t.amount);
    if (this.isMember(t.credit)) this.balances.set(t.credit, this.balance(t.credit) + t.amount);
    this.derived.set(t.debit, (this.derived.get(t.debit) ?? 0) - t.amount);
    this.derived.set(t.credit, (this.derived.get(t.credit) ?? 0) + t.amount);
    return 'ok';
  }

  /** Σ of every account's derived balance; zero for any sequence of transfers. */
  net(): number {
    let sum = 0;
    for (const v of this.derived.values()) sum += v;
    return sum;
  }
}
