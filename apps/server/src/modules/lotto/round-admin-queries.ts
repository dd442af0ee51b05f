import type { Tx } from '../../platform/db.ts';

type LimitKey = { roundId: number; betType: string; number: string };

export function findNumberLimit(tx: Tx, k: LimitKey) {
  return tx
    .selectFrom('lotto_number_limit')
    .selectAll()
    .where('round_id', '=', k.roundId)
    .where('bet_type', '=', k.betType)
    .where('number', '=', k.number)
    .executeTakeFirst();
}

export async function deleteNumberLimit(tx: Tx, k: LimitKey): Promise<void> {
  await tx
    .deleteFrom('lotto_number_limit')
    .where('round_id', '=', k.roundId)
    .where('bet_type', '=', k.betType)
    .where('number', '=', k.number)
    .execute();
}

export async function upsertNumberLimit(
  tx: Tx,
  k: LimitKey,
  row: { action: 'closed' | 'reduced_rate' | 'capped'; rate: string | null; cap: number | null },
): Promise<void> {
  await tx
    .insertInto('lotto_number_limit')
    .values({ round_id: k.roundId, bet_type: k.betType, number: k.number, ...row })
    .onConflict((oc) => oc.columns(['round_id', 'bet_type', 'number']).doUpdateSet(row))
    .execute();
}

/** Marks a round closed with the given times (close_at, open_at, and shoot_close_at when it moves). */
export async function closeRoundAt(
  tx: Tx,
  roundId: number,
  at: { close_at: Date; open_at: Date; shoot_close_at?: Date; scheduled_close_at?: Date },
): Promise<void> {
  await tx
    .updateTable('lotto_round')
    .set({ status: 'closed', ...at })
    .where('id', '=', roundId)
    .execute();
}

/** Opens a round closed early again, with its scheduled close back (docs/rules/lottery.md §6). */
export async function reopenRoundUntil(tx: Tx, roundId: number, closeAt: Date): Promise<void> {
  await tx
    .updateTable('lotto_round')
    .set({ status: 'open', close_at: closeAt, scheduled_close_at: null })
    .where('id', '=', roundId)
    .execute();
}
