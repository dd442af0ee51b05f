import type { Executor } from '../../platform/db.ts';

/**
 * Caller: the polls module's demo seed — an event that leads to a poll (its link is then
 * `/poll/{poll_id}`, docs/rules/engagement.md §10).
 */
export async function insertPollEvent(
  ex: Executor,
  e: { agent_id: number; title: string; image: string; poll_id: number; sort_order: number },
): Promise<number> {
  const row = await ex
    .insertInto('event')
    .values({ ...e, link: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
