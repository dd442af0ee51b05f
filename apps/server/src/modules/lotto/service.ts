import type { LottoDeps } from './deps.ts';
import { type Proposer, proposeResult } from './result-entries.ts';
import { tick } from './scheduler.ts';
import { type Actor, cancelRound, drawYeekee, settleRound } from './settlement.ts';

export type { LottoDeps } from './deps.ts';

/**
 * What the lottery offers outside its routes: the sweep and round settlement, bound to one set of
 * deps. `app.ts` gets it from lottoModule; tests and benchmarks build it on their own database and
 * clock. No other module calls the lottery today.
 */
export function createLotto(d: LottoDeps) {
  return {
    tick: (now: Date) => tick(d, now),
    settlement: {
      settleRound: (roundId: number) => settleRound(d, roundId),
      drawYeekee: (roundId: number, now: Date) => drawYeekee(d, roundId, now),
      cancelRound: (roundId: number, reason: string, actor: Actor) => cancelRound(d, roundId, reason, actor),
      /** A proposal of a result (docs/rules/lottery.md §8): written once two sides agree. */
      proposeResult: (roundId: number, raw: Record<string, unknown>, by: Proposer, reason?: string) =>
        proposeResult(d, roundId, raw, { reason }, by),
    },
  };
}

export type Lotto = ReturnType<typeof createLotto>;

// ── For other modules (added by the payments refactor; additive) ──

/** The metrics (app.ts → platform/metrics.ts): rounds waiting for settlement and how long it took. */
export { type SettlementFigures, settlementFigures } from './metrics-queries.ts';
// The member site's page answers (app.ts): whether a round page names a round.
export { roundExists } from './page-queries.ts';
/** Payments: a bonus-wallet bill still in play keeps a promotion open. */
export { hasPendingBill } from './payments-queries.ts';
/** Points: main-wallet bills resulted and not yet read by the accrual (caller-named query file). */
export { type ResultedBill, unreadResultedBills } from './points-queries.ts';
