/**
 * What other modules may use of the in-house games: the points accrual reads the Player and Banker
 * bets of baccarat hands (docs/rules/engagement.md §0 G6) through a caller-named query; the baccarat
 * roads read the rooms' shoes and hands.
 */

export { gameOfRoom } from './baccarat.ts';
export { baccaratSideBets } from './points-queries.ts';
// The baccarat roads (modules/sooth, docs/rules/casino.md §7): the rooms, their current shoe and its
// dealt hands (caller-named query file).
export { soothRooms, soothShoeHands } from './sooth-queries.ts';
