import type { Tx } from '../../platform/db.ts';
import type { PendingStake, PlaySession } from './sessions.ts';

/** Demo stakes on shared tables: play money held on the demo session until the table resolves. */
export async function placeDemoStake(tx: Tx, s: Extract<PlaySession, { kind: 'demo' }>, p: PendingStake) {
  const row = await tx
    .updateTable('game_demo_session')
    .set((eb) => ({ balance: eb('balance', '-', p.stake), pending: JSON.stringify([...s.pending, p]) }))
    .where('id', '=', s.demoId)
    .where('balance', '>=', p.stake)
    .returning('balance')
    .executeTakeFirst();
  return row?.balance ?? null;
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
  const row = await tx
    .updateTable('game_demo_session')
    .set((eb) => ({ balance: eb('balance', '+', paid), pending: JSON.stringify(still) }))
    .where('id', '=', s.demoId)
    .returning('balance')
    .executeTakeFirstOrThrow();
  s.pending = still;
  s.balance = row.balance;
  return row.balance;
}
