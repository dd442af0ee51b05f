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

export function lockPaymentSettings(ex: Executor) {
  return ex
    .selectFrom('payment_setting')
    .selectAll()
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function updatePaymentSettingRow(
  ex: Executor,
  patch: Partial<{
    deposit_expiry_minutes: number;
    late_match_minutes: number;
    second_approval_satang: number;
    withdraw_min_satang: number;
    withdraw_daily_cap_satang: number;
    withdraw_review_satang: number;
  }>,
  now: Date,
) {
  return ex
    .updateTable('payment_setting')
    .set({ ...patch, updated_at: now })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The deposit channels with their limits, the gateways and the PromptPay IDs, for the settings page. */
export async function paymentSetup(ex: Executor) {
  const [channels, gateways, promptpay] = await Promise.all([
    ex
      .selectFrom('payment_channel')
      .select(['id', 'name', 'enabled', 'min_satang', 'max_satang'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    ex.selectFrom('payment_gateway').select(['id', 'code', 'name', 'is_active']).orderBy('id').execute(),
    ex
      .selectFrom('promptpay_account')
      .select(['id', 'proxy_type', 'proxy_id', 'account_name', 'is_active', 'sort_order'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return { channels, gateways, promptpay };
}
