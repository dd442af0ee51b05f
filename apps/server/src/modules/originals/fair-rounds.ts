import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { OriginalsDeps } from './deps.ts';
import { rotate } from './fairness.ts';
import { memberRounds, roundById } from './games-queries.ts';
import { roundView } from './views.ts';

/** The member's latest rounds with what checks them; a demo session has none. */
export async function roundHistory(d: OriginalsDeps, session: string, limit: number) {
  const s = await d.sessions.resolve(d.db, session);
  if (s.kind === 'demo') return [];
  return (await memberRounds(d.db, s.memberId, limit)).map(roundView);
}

/** One round, for anyone checking it (its server seed once revealed). */
export async function fairRound(d: OriginalsDeps, id: number) {
  const row = await roundById(d.db, id);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return roundView(row);
}

/** Rotates the member's seeds, optionally with a new client seed (docs/rules/casino.md §6.7). */
export async function rotateSeed(d: OriginalsDeps, session: string, clientSeed: string | undefined) {
  const s = await d.sessions.resolve(d.db, session);
  if (s.kind === 'demo') throw new AppError('GAME_SESSION_INVALID');
  return inTransaction(d.db, (tx) => rotate(tx, s.memberId, clientSeed, d.clock.now()));
}
