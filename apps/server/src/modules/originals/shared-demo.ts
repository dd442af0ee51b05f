import type { Tx } from '../../platform/db.ts';
import { moveDemoBalance } from '../games/service.ts';
import type { PendingStake, PlaySession } from './sessions.ts';

/** Demo stakes on shared tables: play money held on the demo session until the table resolves. */
export async function placeDemoStake(tx: Tx, s: Extract<PlaySession, { kind: 'demo' }>, p: PendingStake) {
  return moveDemoBalance(tx, s.demoId, { debit: p.stake, pending: [...s.pending, p] });
}

/** Pays every pending demo stake whose table has a result (`payout` answers null while it has none). */
export async function settleDemoStakes(
  tx: Tx,
  s: Extract<PlaySession, { kind: 'demo' }>,
  payout: (p: PendingStake) => Promise<number | null>,
): Promise<number> {
  if (s.pending.length === 0) return s.balance;
  let paid = 0;
  const still: PendingStake[] = [];
  for (const p of s.pending) {
    const x = await payout(p);
    if (x === null) still.push(p);
    else paid += x;
  }
  if (still.length === s.pending.length) return s.balance;
  const balance = await moveDemoBalance(tx, s.demoId, { credit: paid, pending: still });
  if (balance === null) throw new Error(`demo session ${s.demoId} not found`);
  s.pending = still;
  s.balance = balance;
  return balance;
}
