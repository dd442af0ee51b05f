/**
 * What other modules may use of the in-house games: the points accrual reads the Player and Banker
 * bets of baccarat hands (docs/rules/engagement.md §0 G6) through a caller-named query.
 */
export { baccaratSideBets } from './points-queries.ts';
