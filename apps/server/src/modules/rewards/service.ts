/**
 * What reward features (check-in, quests, wheel, shop, …) use to pay (docs/rules/engagement.md §0):
 * `payReward` (G2 once-only, G5 risk hold) inside their own transaction after the member lock (G1),
 * the free-credit rules, and their settings.
 */
export {
  type ClaimRow,
  type ClaimStatus,
  claimOf,
  claimStatuses,
  claimsOf,
  type RewardKind,
} from './claim-queries.ts';
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
export { heldRewardCount } from './work-queries.ts';
