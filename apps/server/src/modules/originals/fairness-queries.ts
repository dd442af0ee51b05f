import type { Executor } from '../../platform/db.ts';

/** Marks a shared table's seed revealed (a closed baccarat shoe, a settled football fixture). */
export async function revealSeed(ex: Executor, seedId: number, now: Date): Promise<void> {
  await ex.updateTable('fair_seed').set({ revealed_at: now }).where('id', '=', seedId).execute();
}
