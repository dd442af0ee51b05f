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
      .select(PROMPTPAY_COLUMNS)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return { channels, gateways, promptpay };
}

const PROMPTPAY_COLUMNS = [
  'id',
  'bank_account_id',
  'proxy_type',
  'proxy_id',
  'account_name',
  'is_active',
  'sort_order',
] as const;
const CHANNEL_COLUMNS = ['id', 'name', 'enabled', 'min_satang', 'max_satang'] as const;

/** A deposit channel, locked for an operator's edit. */
export function lockChannel(ex: Executor, id: number) {
  return ex
    .selectFrom('payment_channel')
    .select(CHANNEL_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateChannelRow(
  ex: Executor,
  id: number,
  patch: { enabled?: boolean; min_satang?: number; max_satang?: number },
) {
  return ex
    .updateTable('payment_channel')
    .set(patch)
    .where('id', '=', id)
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function insertPromptPay(
  ex: Executor,
  r: {
    bank_account_id: number;
    proxy_type: 'phone' | 'tax_id';
    proxy_id: string;
    account_name: string;
    is_active: boolean;
    sort_order: number;
  },
) {
  return ex
    .insertInto('promptpay_account')
    .values(r)
    .onConflict((oc) => oc.columns(['proxy_type', 'proxy_id']).doNothing())
    .returning(PROMPTPAY_COLUMNS)
    .executeTakeFirst();
}

export function lockPromptPay(ex: Executor, id: number) {
  return ex
    .selectFrom('promptpay_account')
    .select(PROMPTPAY_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updatePromptPayRow(
  ex: Executor,
  id: number,
  patch: { account_name?: string; is_active?: boolean; sort_order?: number },
  now: Date,
) {
  return ex
    .updateTable('promptpay_account')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .returning(PROMPTPAY_COLUMNS)
    .executeTakeFirstOrThrow();
}
