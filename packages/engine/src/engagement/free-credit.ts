import { type Satang, satang } from '../money.ts';

/**
 * Free credit under turnover and a cap (docs/rules/casino.md §1.2–1.4), for the wallets that hold it:
 * type 3 (free credit) and, for the close-out rule, type 2 (bonus).
 *
 * - §1.2 Turnover of a type 2 or 3 wallet is the stake played from it in rounds that are settled and
 *   not rolled back (`recordTurnover`).
 * - §1.3 Each free-credit grant adds grant × 5 to the requirement and 300 baht to the cap; once the
 *   requirement is met the balance moves to main up to the cap, the rest is forfeited (`decideWallet`).
 *   Example: a 50-baht coupon requires 250 baht of bets; holding 420 then, 300 moves and 120 is lost.
 * - §1.4 Below 1 baht with no round open on it, the wallet closes out: the rest is forfeited and the
 *   requirement and cap go back to zero.
 *
 * The numbers are settings per operator (docs/rules/engagement.md: every number is a per-agent
 * default); they arrive as `FreeCreditRules` with these defaults.
 */
export interface FreeCreditRules {
  /** Requirement added per grant = grant × this (whole number ≥ 0). */
  turnoverMultiplier: number;
  /** Added to the cap per grant, satang. */
  capPerGrant: Satang;
  /** A wallet under this balance with no open round closes out, satang. */
  closeOutBelow: Satang;
}

export const FREE_CREDIT_DEFAULTS: FreeCreditRules = {
  turnoverMultiplier: 5,
  capPerGrant: satang(30_000),
  closeOutBelow: satang(100),
};

/** What the server keeps per type 2–3 wallet since its last reset, all in satang. */
export interface TurnoverWallet {
  /** The wallet's ledger balance. */
  balance: Satang;
  /** Σ of the grants since the last reset. */
  granted: Satang;
  /** Σ grant × multiplier since the last reset. */
  requirement: Satang;
  /** Settled, non-rolled-back stake played from the wallet since the last reset. */
  turnover: Satang;
  /** The most that may move to main; null = no cap (a type 2 promotion without max_withdraw). */
  cap: Satang | null;
}

export const EMPTY_TURNOVER_WALLET: TurnoverWallet = {
  balance: satang(0),
  granted: satang(0),
  requirement: satang(0),
  turnover: satang(0),
  cap: satang(0),
};

function wholeSatang(value: number, what: string, min = 0): Satang {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${what} must be whole satang ≥ ${min}`);
  return satang(value);
}

function checkRules(rules: FreeCreditRules): void {
  wholeSatang(rules.turnoverMultiplier, 'turnover multiplier');
  wholeSatang(rules.capPerGrant, 'cap per grant');
  wholeSatang(rules.closeOutBelow, 'close-out threshold');
}

/** A free-credit grant lands in the wallet: balance + grant, requirement + grant × 5, cap + 300 baht. */
export function grantFreeCredit(
  wallet: TurnoverWallet,
  grant: Satang,
  rules: FreeCreditRules = FREE_CREDIT_DEFAULTS,
): TurnoverWallet {
  checkRules(rules);
  wholeSatang(grant, 'grant', 1);
  return {
    balance: wholeSatang(wallet.balance + grant, 'balance'),
    granted: wholeSatang(wallet.granted + grant, 'granted'),
    requirement: wholeSatang(wallet.requirement + grant * rules.turnoverMultiplier, 'requirement'),
    turnover: wallet.turnover,
    cap: wallet.cap === null ? null : wholeSatang(wallet.cap + rules.capPerGrant, 'cap'),
  };
}

/** A settled, non-rolled-back round played from the wallet adds its stake to the turnover. */
export function recordTurnover(wallet: TurnoverWallet, settledStake: Satang): TurnoverWallet {
  wholeSatang(settledStake, 'settled stake');
  return { ...wallet, turnover: wholeSatang(wallet.turnover + settledStake, 'turnover') };
}

export interface TurnoverProgress {
  requirement: Satang;
  /** Turnover counted towards the requirement, never above it. */
  played: Satang;
  remaining: Satang;
  cap: Satang | null;
  met: boolean;
}

/** What the member sees: the requirement, the progress towards it and the cap. */
export function turnoverProgress(wallet: TurnoverWallet): TurnoverProgress {
  const played = Math.min(wallet.turnover, wallet.requirement);
  return {
    requirement: wallet.requirement,
    played: satang(played),
    remaining: satang(wallet.requirement - played),
    cap: wallet.cap,
    met: wallet.granted > 0 && wallet.turnover >= wallet.requirement,
  };
}

export type WalletDecision =
  /** Nothing moves (requirement not met, or a round is still open on the wallet). */
  | { kind: 'keep'; toMain: Satang; forfeited: Satang; next: TurnoverWallet }
  /** §1.3: requirement met, up to the cap to main, the rest to `sys:forfeit`, the wallet reset. */
  | { kind: 'release'; toMain: Satang; forfeited: Satang; next: TurnoverWallet }
  /** §1.4: under 1 baht with no open round, the residue to `sys:forfeit`, the wallet reset. */
  | { kind: 'close_out'; toMain: Satang; forfeited: Satang; next: TurnoverWallet };

/**
 * What happens to the wallet now. `openRounds` = rounds still open on this wallet. While a round is
 * open nothing moves (its win would land in the wallet after the move). A met requirement releases
 * before the close-out rule is looked at, so a member who met it keeps even a residue under 1 baht.
 * Always: toMain + forfeited + next.balance = wallet.balance.
 */
export function decideWallet(
  wallet: TurnoverWallet,
  openRounds: number,
  rules: FreeCreditRules = FREE_CREDIT_DEFAULTS,
): WalletDecision {
  checkRules(rules);
  wholeSatang(wallet.balance, 'balance');
  if (!Number.isSafeInteger(openRounds) || openRounds < 0)
    throw new RangeError('open rounds must be a whole number ≥ 0');
  const zero = satang(0);
  if (openRounds > 0) return { kind: 'keep', toMain: zero, forfeited: zero, next: wallet };
  const reset: TurnoverWallet = {
    ...EMPTY_TURNOVER_WALLET,
    cap: wallet.cap === null ? null : zero,
  };
  if (turnoverProgress(wallet).met) {
    const toMain = wallet.cap === null ? wallet.balance : Math.min(wallet.balance, wallet.cap);
    return {
      kind: 'release',
      toMain: satang(toMain),
      forfeited: satang(wallet.balance - toMain),
      next: reset,
    };
  }
  const dirty =
    wallet.balance > 0 || wallet.granted > 0 || wallet.requirement > 0 || wallet.turnover > 0 || !!wallet.cap;
  if (wallet.balance < rules.closeOutBelow && dirty)
    return { kind: 'close_out', toMain: zero, forfeited: wallet.balance, next: reset };
  return { kind: 'keep', toMain: zero, forfeited: zero, next: wallet };
}
