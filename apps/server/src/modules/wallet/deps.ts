import type { Clock } from '../../platform/clock.ts';
import type { Db, Executor } from '../../platform/db.ts';

/** A seamless-wallet operation of a game provider, as the wallet's transfer key names it. */
export interface GameOperationKey {
  provider_id: string;
  player_id: string;
  provider_tx_id: string;
}

/**
 * What the wallet's own use cases need. The wallet is the lowest product module and imports no other
 * module: the two reads it needs from other modules' tables arrive here as functions, wired by app.ts.
 */
export interface WalletDeps {
  db: Db;
  clock: Clock;
  /** Members' phone numbers, for the operator's freeze list (the members module owns `member`). */
  memberRefs(ex: Executor, ids: number[]): Promise<Map<number, { phone: string }>>;
  /** The catalogue name of the game of each operation found (the games module owns them). */
  gameNames(ex: Executor, keys: GameOperationKey[]): Promise<(GameOperationKey & { name: string })[]>;
}
