import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Baccarat } from './baccarat.ts';
import type { Football } from './football.ts';
import type { InstantGames } from './instant-games.ts';
import type { PlaySessions } from './sessions.ts';

/** What the in-house games' use cases need; built once in module.ts. */
export interface OriginalsDeps {
  db: Db;
  clock: Clock;
  sessions: PlaySessions;
  instant: InstantGames;
  baccarat: Baccarat;
  football: Football;
}
