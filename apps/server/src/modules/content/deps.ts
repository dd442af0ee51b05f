import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';

export interface ContentDeps {
  db: Db;
  clock: Clock;
  /** The one operator this deployment serves (AGENT_ID, AGENT_CODE). */
  agentId: number;
  agentCode: string;
  /** Told after an operator's edit of what the public reads show (the server renderer's cache). */
  publicListeners: Set<() => void>;
  /** An edit is announced on PUBLIC_CHANGED_TOPIC, so every process drops its caches at once. */
  events: Pick<EventBus, 'publish' | 'listen'>;
}
