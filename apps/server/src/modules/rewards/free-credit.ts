import {
  decideWallet,
  FREE_CREDIT_DEFAULTS,
  type FreeCreditRules,
  grantFreeCredit as grantRule,
  type TurnoverWallet,
  turnoverProgress,
} from '@chok/engine/engagement/free-credit';
import { formatBaht, type Satang, satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction, type Tx } from '../../platform/db.ts';
import { hasOpenRound, settledStakeSince } from '../games/service.ts';
import {
  FREE_CREDIT_WALLET,
  type Ledger,
  lockMemberWallets,
  MAIN_WALLET,
  memberBalance,
} from '../wallet/service.ts';
import {
  type FreeCreditStateRow,
  lockState,
  membersUnderRequirement,
  stateOf,
  writeState,
} from './free-credit-queries.ts';

/**
 * The free-credit wallet (type 3) under its turnover and cap, docs/rules/casino.md §1.2–1.4:
 * every grant adds grant × 5 to the requirement and 300 baht to the cap; once the wallet's settled
 * stake since the last reset meets the requirement, the balance moves to main up to the cap and the
 * rest is forfeited; under 1 baht with no round open it closes out. The rule itself is the engine's
 * (`@chok/engine/engagement/free-credit`); this file keeps its state and moves the money.
 */
export interface FreeCreditDeps {
  ledger: Ledger;
  rules?: FreeCreditRules;
}

function walletOf(
  state: Pick<FreeCreditStateRow, 'granted_satang' | 'requirement_satang' | 'cap_satang'>,
  balance: number,
  turnover: number,
): TurnoverWallet {
  return {
    balance: satang(balance),
    granted: satang(state.granted_satang),
    requirement: satang(state.requirement_satang),
    turnover: satang(turnover),
    cap: satang(state.cap_satang),
  };
}

/**
 * Brings the member's free-credit wallet up to date in the caller's transaction: releases it when the
 * requirement is met, closes it out under 1 baht; nothing while a round from it is open.
 */
export async function settleFreeCredit(
  tx: Tx,
  d: FreeCreditDeps,
  memberId: number,
  now: Date,
): Promise<void> {
  const rules = d.rules ?? FREE_CREDIT_DEFAULTS;
  // The state first, then the wallets (every writer of this state takes them in this order).
  const state = await lockState(tx, memberId, now);
  const balances = await lockMemberWallets(tx, memberId, [MAIN_WALLET, FREE_CREDIT_WALLET]);
  const balance = balances.get(FREE_CREDIT_WALLET) ?? 0;
  const turnover = await settledStakeSince(tx, memberId, FREE_CREDIT_WALLET, state.since);
  const open = (await hasOpenRound(tx, memberId, FREE_CREDIT_WALLET)) ? 1 : 0;
  const decision = decideWallet(walletOf(state, balance, turnover), open, rules);
  if (decision.kind === 'keep') return;
  const cycle = `freecredit:${memberId}:${state.resets}`;
  // Internal references, read back into Thai words by the wallet's statement (describe.ts).
  const reference = decision.kind === 'release' ? 'freecredit:release' : 'freecredit:closeout';
  if (decision.toMain > 0) {
    await d.ledger.transfer(tx, {
      from: { member: memberId, wallet: FREE_CREDIT_WALLET },
      to: { member: memberId, wallet: MAIN_WALLET },
      amount: decision.toMain,
      kind: 'wallet_move',
      reference,
      idempotencyKey: `${cycle}:release`,
    });
  }
  if (decision.forfeited > 0) {
    await d.ledger.transfer(tx, {
      from: { member: memberId, wallet: FREE_CREDIT_WALLET },
      to: { system: 'sys:forfeit' },
      amount: decision.forfeited,
      kind: 'forfeit',
      reference,
      idempotencyKey: `${cycle}:forfeit`,
    });
  }
  await writeState(tx, memberId, {
    granted_satang: 0,
    requirement_satang: 0,
    cap_satang: 0,
    since: now,
    resets: state.resets + 1,
  });
}

/**
 * Grants free credit (sys:promo → free-credit wallet) under §1.3 in the caller's transaction. The
 * wallet is brought up to date first, so a requirement met before this grant releases on its own.
 * `key` is the ledger key (`feature:member:period_key`); a repeat grants nothing.
 */
export async function grantFreeCredit(
  tx: Tx,
  d: FreeCreditDeps,
  g: { memberId: number; amount: Satang; key: string; reference: string; now: Date },
): Promise<void> {
  const rules = d.rules ?? FREE_CREDIT_DEFAULTS;
  await settleFreeCredit(tx, d, g.memberId, g.now);
  const t = await d.ledger.transfer(tx, {
    from: { system: 'sys:promo' },
    to: { member: g.memberId, wallet: FREE_CREDIT_WALLET },
    amount: g.amount,
    kind: 'reward',
    reference: g.reference,
    idempotencyKey: g.key,
  });
  if (t.replayed) return;
  await noteFreeCreditGrant(tx, { memberId: g.memberId, amount: g.amount, now: g.now }, rules);
}

/**
 * Puts a grant already credited to the free-credit wallet under §1.3 (requirement + grant × 5, cap +
 * 300 baht). `grantFreeCredit` calls it after its transfer; the demo seed calls it for the play money
 * it credits, so demo free credit follows the same rules.
 */
export async function noteFreeCreditGrant(
  tx: Tx,
  g: { memberId: number; amount: Satang; now: Date },
  rules: FreeCreditRules = FREE_CREDIT_DEFAULTS,
): Promise<void> {
  const state = await lockState(tx, g.memberId, g.now);
  // An empty state starts counting turnover now; one already running keeps its start.
  const fresh = state.granted_satang === 0;
  const next = grantRule({ ...walletOf(state, 0, 0), cap: satang(state.cap_satang) }, g.amount, rules);
  await writeState(tx, g.memberId, {
    granted_satang: next.granted,
    requirement_satang: next.requirement,
    cap_satang: next.cap ?? 0,
    since: fresh ? g.now : state.since,
  });
}

/** What the member sees (`GET /api/member/free-credit`), after bringing the wallet up to date. */
export async function freeCreditView(db: Db, d: FreeCreditDeps, clock: Clock, memberId: number) {
  const now = clock.now();
  await inTransaction(db, (tx) => settleFreeCredit(tx, d, memberId, now));
  return readFreeCredit(db, memberId);
}

export async function readFreeCredit(ex: Executor, memberId: number) {
  const state = await stateOf(ex, memberId);
  const balance = await memberBalance(ex, memberId, FREE_CREDIT_WALLET);
  const turnover = state ? await settledStakeSince(ex, memberId, FREE_CREDIT_WALLET, state.since) : 0;
  const p = turnoverProgress(
    state
      ? walletOf(state, balance, turnover)
      : walletOf({ granted_satang: 0, requirement_satang: 0, cap_satang: 0 }, balance, 0),
  );
  return {
    balance: formatBaht(balance),
    requirement: formatBaht(p.requirement),
    played: formatBaht(p.played),
    remaining: formatBaht(p.remaining),
    cap: formatBaht(p.cap ?? 0),
    met: p.met,
    open_round: await hasOpenRound(ex, memberId, FREE_CREDIT_WALLET),
  };
}

/**
 * The minute sweep: every member under a requirement is brought up to date (one transaction each),
 * read a thousand at a time in member order until none is left.
 */
export async function freeCreditSweep(db: Db, d: FreeCreditDeps, now: Date): Promise<void> {
  for (let after = 0; ; ) {
    const page = await membersUnderRequirement(db, after, 1_000);
    for (const memberId of page) {
      await inTransaction(db, (tx) => settleFreeCredit(tx, d, memberId, now));
      after = memberId;
    }
    if (page.length < 1_000) return;
  }
}
