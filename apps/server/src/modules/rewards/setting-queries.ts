import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export async function settingOf(ex: Executor, feature: string): Promise<unknown | undefined> {
  const row = await ex
    .selectFrom('reward_setting')
    .select('value')
    .where('feature', '=', feature)
    .executeTakeFirst();
  return row?.value;
}

export async function writeSetting(ex: Executor, feature: string, value: unknown, staffId: number | null) {
  await ex
    .insertInto('reward_setting')
    .values({ feature, value: JSON.stringify(value), updated_by: staffId })
    .onConflict((oc) =>
      oc.column('feature').doUpdateSet({
        value: JSON.stringify(value),
        updated_by: staffId,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
