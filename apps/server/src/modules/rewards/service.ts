/**
 * What reward features (check-in, quests, wheel, shop, …) use to pay (docs/rules/engagement.md §0):
 * `payReward` (G2 once-only, G5 risk hold) inside their own transaction after the member lock (G1),
 * the free-credit rules, and their settings.
 */
import type { Executor } from '../../platform/db.ts';
import type { ClaimStatus } from './claim-queries.ts';
import * as claims from './claim-queries.ts';
import * as work from './work-queries.ts';

export type { ClaimRow, ClaimStatus, RewardKind } from './claim-queries.ts';
export {
  claimView,
  payReward,
  type RewardDeps,
  type RewardOutcome,
  type RewardRequest,
  rewardKey,
  withheldReason,
} from './claims.ts';
export { grantFreeCredit, noteFreeCreditGrant, readFreeCredit, settleFreeCredit } from './free-credit.ts';
export { featureLabels, type RejectionHandler, type RejectionHooks } from './holds.ts';
export { countsAsMemberAddress, riskReason } from './risk.ts';
export { readSetting, saveSetting } from './settings.ts';

/** The member's claim of a feature for a period, if any. */
export function claimOf(
  ex: Executor,
  memberId: number,
  feature: string,
  periodKey: string,
): ReturnType<typeof claims.claimOf> {
  return claims.claimOf(ex, memberId, feature, periodKey);
}

/** The status of each claim found, by id (operators' lists of what became of a reward). */
export function claimStatuses(ex: Executor, ids: readonly number[]): Promise<Map<number, ClaimStatus>> {
  return claims.claimStatuses(ex, ids);
}

/** The member's claims of a feature for these periods. */
export function claimsOf(
  ex: Executor,
  memberId: number,
  feature: string,
  periodKeys: string[],
): ReturnType<typeof claims.claimsOf> {
  return claims.claimsOf(ex, memberId, feature, periodKeys);
}

/** Rewards held by the risk rule, waiting for an operator's decision (the console's header). */
export function heldRewardCount(ex: Executor): Promise<number> {
  return work.heldRewardCount(ex);
}
