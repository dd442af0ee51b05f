import type { Executor } from '../../platform/db.ts';

/** The one payment settings row. */
export function paymentSettingRow(ex: Executor) {
  return ex.selectFrom('payment_setting').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export function lockSandboxSetting(ex: Executor) {
  return ex
    .selectFrom('payment_setting')
    .select('sandbox_enabled')
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setSandboxEnabled(ex: Executor, enabled: boolean, now: Date): Promise<void> {
  await ex
    .updateTable('payment_setting')
    .set({ sandbox_enabled: enabled, updated_at: now })
    .where('id', '=', 1)
    .execute();
}
