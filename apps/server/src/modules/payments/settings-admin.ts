import type { updatePaymentSettings } from '@chok/contract/api/admin-payments';
import type { BodyOf } from '@chok/contract/endpoint';
import { formatBaht, type Satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentsDeps } from './deps.ts';
import { loadSettings, sandboxState } from './settings.ts';
import { lockPaymentSettings, paymentSetup, updatePaymentSettingRow } from './settings-queries.ts';

type Row = Awaited<ReturnType<typeof loadSettings>>;

function settingsView(s: Row) {
  return {
    deposit_expiry_minutes: s.deposit_expiry_minutes,
    late_match_minutes: s.late_match_minutes,
    second_approval: formatBaht(s.second_approval_satang as Satang),
    withdraw_min: formatBaht(s.withdraw_min_satang as Satang),
    withdraw_daily_cap: formatBaht(s.withdraw_daily_cap_satang as Satang),
    withdraw_review: formatBaht(s.withdraw_review_satang as Satang),
    updated_at: s.updated_at.toISOString(),
  };
}

/** The settings page: settings, channels, gateways, PromptPay IDs and the sandbox switch. */
export async function paymentSettingsPage(deps: PaymentsDeps) {
  const [s, setup, sandbox] = await Promise.all([
    loadSettings(deps.db),
    paymentSetup(deps.db),
    sandboxState(deps),
  ]);
  return {
    settings: settingsView(s),
    channels: setup.channels.map((c) => ({
      id: c.id,
      name: c.name,
      enabled: c.enabled,
      min: formatBaht(c.min_satang as Satang),
      max: formatBaht(c.max_satang as Satang),
    })),
    gateways: setup.gateways,
    promptpay: setup.promptpay,
    sandbox,
  };
}

const satangOf = (bahtAmount: number | undefined) =>
  bahtAmount === undefined ? undefined : bahtAmount * 100;

/**
 * The owner changes payment limits and timings (docs/rules/payments.md), audited with the values
 * before and after, in one transaction holding the settings row.
 */
export async function updateSettings(
  deps: PaymentsDeps,
  staffId: number,
  body: BodyOf<typeof updatePaymentSettings>,
) {
  return inTransaction(deps.db, async (tx) => {
    const before = await lockPaymentSettings(tx);
    const patch = Object.fromEntries(
      Object.entries({
        deposit_expiry_minutes: body.deposit_expiry_minutes,
        late_match_minutes: body.late_match_minutes,
        second_approval_satang: satangOf(body.second_approval),
        withdraw_min_satang: satangOf(body.withdraw_min),
        withdraw_daily_cap_satang: satangOf(body.withdraw_daily_cap),
        withdraw_review_satang: satangOf(body.withdraw_review),
      }).filter(([, v]) => v !== undefined),
    ) as Parameters<typeof updatePaymentSettingRow>[1];
    const min = patch.withdraw_min_satang ?? before.withdraw_min_satang;
    const cap = patch.withdraw_daily_cap_satang ?? before.withdraw_daily_cap_satang;
    if (min > cap) {
      throw new AppError('PAYMENT_WITHDRAW_LIMITS', {}, { withdraw_min: 'ยอดถอนขั้นต่ำต้องไม่เกินวงเงินถอนต่อวัน' });
    }
    if (Object.keys(patch).length === 0) return settingsView(before);
    const after = await updatePaymentSettingRow(tx, patch, deps.clock.now());
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'payments.settings',
      entity: 'payment_setting',
      entityId: 1,
      before: Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof Row]])),
      after: patch,
    });
    return settingsView(after);
  });
}
