import type { Clock } from '../../platform/clock.ts';
import type { Db, Executor } from '../../platform/db.ts';

/** What the protection use cases need; built once in module.ts. */
export interface ProtectionDeps {
  db: Db;
  clock: Clock;
  /** How long a raise or removal of a limit waits (docs/rules/protection.md §1.3). */
  coolingOffHours: number;
  /** The member's sessions (auth module): all of them end when a block starts; the reality check counts from the login. */
  sessions: {
    revokeAll(ex: Executor, memberId: number): Promise<void>;
    startedAt(ex: Executor, sessionId: number): Promise<Date | null>;
  };
  /** Ends every open game session and unused launch of the member (games module). */
  endGames(ex: Executor, memberId: number, now: Date): Promise<void>;
  /** What counts against the deposit limits since each instant (payments module). */
  depositsCountedSince(ex: Executor, memberId: number, since: readonly Date[]): Promise<number[]>;
}
