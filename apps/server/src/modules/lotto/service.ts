import type { Executor } from '../../platform/db.ts';
import * as bills from './bill-queries.ts';
import type { LottoDeps } from './deps.ts';
import * as metrics from './metrics-queries.ts';
import * as pages from './page-queries.ts';
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

export type { SettlementFigures } from './metrics-queries.ts';

/** The metrics (app.ts → platform/metrics.ts): rounds waiting for settlement and how long it took. */
export function settlementFigures(ex: Executor): Promise<metrics.SettlementFigures> {
  return metrics.settlementFigures(ex);
}

/**
 * The member site's page answers (app.ts → platform/member-site.ts): whether `/lotto/<id>`
 * names a round, so an unknown round's page is a 404 at the HTTP level too, not only on screen.
 */
export function roundExists(ex: Executor, roundId: number): Promise<boolean> {
  return pages.roundExists(ex, roundId);
}

/**
 * Whether the member has a bill from this wallet still waiting for its result (a stake in play): a
 * bonus-wallet bill keeps a promotion open (payments) and a coupon waiting (coupons).
 */
export function hasPendingBill(ex: Executor, memberId: number, walletTypeId: number): Promise<boolean> {
  return bills.hasPendingBill(ex, memberId, walletTypeId);
}
