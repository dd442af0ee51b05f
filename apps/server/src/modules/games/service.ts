// What other modules may import from the games module.

export { walletTypeCategories } from './lotto-queries.ts';

// ── Added by the games/originals/payments refactor ──

// The in-house rounds list for the operator names each round's game.
export { gameNames } from './admin-queries.ts';
// The operator console's member page (caller-named query file).
// The in-house games' reads and writes of games' tables (caller-named query file).
export {
  demoSession,
  type GameRef,
  gameRef,
  gameSession,
  lockOpenTableRounds,
  memberRounds,
  moveDemoBalance,
  type RoundWithGame,
  roundById,
} from './originals-queries.ts';
// The points accrual: settled main-wallet rounds it has not read yet (caller-named query file).
export { type SettledRound, unreadSettledRounds } from './points-queries.ts';
// Player protection: a time-out or self-exclusion ends the member's games (caller-named query file).
export { endMemberGames } from './protection-queries.ts';
// The seamless wallet: the in-house games pay through it like any provider; payments reads the
// bonus wallet's open rounds and settled stake (promotion turnover).
export {
  type Authenticated,
  type CreditRequest,
  type DebitRequest,
  hasOpenRound,
  playerIdOf,
  type RollbackRequest,
  type SeamlessWallet,
  settledStakeSince,
  type WalletAnswer,
  WalletRefusal,
} from './seamless.ts';
// The in-house games' provider id.
export { IN_HOUSE_PROVIDER } from './seed.ts';
