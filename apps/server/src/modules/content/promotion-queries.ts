import type { Executor, Tx } from '../../platform/db.ts';

/**
 * The promotion rows (docs/rules/engagement.md §1): every promotion's id and title, a new one, one
 * withdrawn. The operator's promotion editor in payments writes them through content's service.
 */

/** Every promotion's id and title in the operator's order (the payments seed attaches demo rules). */
export function promotionRefs(ex: Executor) {
  return ex.selectFrom('promotion').select(['id', 'title']).orderBy('sort_order').execute();
}

// ── Promotions as members and operators read them (docs/rules/engagement.md §1) ──

export function insertPromotion(
  tx: Tx,
  p: {
    agentId: number;
    title: string;
    description: string;
    image: string | null;
    terms: string;
    sortOrder: number;
    now: Date;
  },
) {
  return tx
    .insertInto('promotion')
    .values({
      agent_id: p.agentId,
      title: p.title,
      description: p.description,
      image: p.image,
      terms: p.terms,
      sort_order: p.sortOrder,
      is_active: true,
      created_at: p.now,
      updated_at: p.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The promotion is no longer offered (ended, or replaced by a new version). */
export async function withdrawPromotion(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.updateTable('promotion').set({ is_active: false, updated_at: now }).where('id', '=', id).execute();
}
