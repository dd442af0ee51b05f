import type { Executor } from '../../platform/db.ts';

export interface StaffRef {
  id: number;
  username: string;
}

/** The username of each staff account found, by id (for lists of who did what). */
export async function staffRefs(ex: Executor, ids: readonly number[]): Promise<Map<number, StaffRef>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex.selectFrom('staff').select(['id', 'username']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
