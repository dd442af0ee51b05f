/**
 * What other modules may use from games (docs/architecture.md: besides module.ts for app.ts, the
 * only file of this module another module imports).
 */

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
