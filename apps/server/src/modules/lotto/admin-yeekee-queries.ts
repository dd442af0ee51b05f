import type { Executor } from '../../platform/db.ts';

/** One page of a yeekee round's shots in seq order, and how many there are. */
export async function shotPage(ex: Executor, roundId: number, offset: number, limit: number) {
  const rows = await ex
    .selectFrom('lotto_shot')
    .select(['seq', 'member_id', 'member_ref', 'number', 'server_ts', 'hash'])
    .where('round_id', '=', roundId)
    .orderBy('seq')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows;
}
