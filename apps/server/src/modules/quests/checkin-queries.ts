import type { Executor } from '../../platform/db.ts';

// The quests' read of the check-in stamps (the checkin module grants `checkin_stamp`, db/table-owners.ts).

/** Stamps made in [from, to) by the server clock (the quests' "check in N days", §6). */
export async function countStampsBetween(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const row = await ex
    .selectFrom('checkin_stamp')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('stamped_at', '>=', from)
    .where('stamped_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
