import type { Executor } from '../../platform/db.ts';

/** What payments reads of the staff table: who confirmed, approved or decided, for its queues. */

/** The staff references of `ids` (null stays null; an unknown id reads as `?`). */
export async function staffRefs(ex: Executor, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  const rows = wanted.length
    ? await ex.selectFrom('staff').select(['id', 'username']).where('id', 'in', wanted).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id: number | null) => (id === null ? null : (byId.get(id) ?? { id, username: '?' }));
}
