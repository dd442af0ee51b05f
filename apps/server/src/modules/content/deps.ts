import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';

export interface ContentDeps {
  db: Db;
  clock: Clock;
  /** The one operator this deployment serves (AGENT_ID, AGENT_CODE). */
  agentId: number;
  agentCode: string;
}
