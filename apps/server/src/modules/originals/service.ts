/**
 * What other modules may use of the in-house games: the room a baccarat game is played in. The points
 * accrual and the baccarat roads read its tables in their own queries, under grants.
 */

export { gameOfRoom } from './baccarat.ts';
