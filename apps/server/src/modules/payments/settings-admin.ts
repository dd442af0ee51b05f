import type {
  createPromptPayAccount,
  updatePaymentChannel,
  updatePaymentSettings,
  updatePromptPayAccount,
} from '@chok/contract/api/admin-payments';
import type { AuditAction } from '@chok/contract/audit-actions';
import type { BodyOf } from '@chok/contract/endpoint';
import { bahtToSatang, formatBaht, type Satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { receivingAccounts } from '../content/service.ts';
import type { PaymentsDeps } from './deps.ts';
import { loadSettings, sandboxState } from './settings.ts';
import {
  insertPromptPay,
  lockChannel,
  lockPaymentSettings,
  lockPromptPay,
  paymentSetup,
  updateChannelRow,
  updatePaymentSettingRow,
  updatePromptPayRow,
} from './settings-queries.ts';

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

/** The fields of `values` that were sent (undefined: left as it is). */
function sent<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The audit record of an operator's patch: what `row` held in the fields it changes, and the patch. */
function auditPatch(
  tx: Tx,
  a: { staffId: number; action: AuditAction; entity: string; entityId: number; patch: object; row: object },
) {
  const before = Object.fromEntries(
    Object.keys(a.patch).map((k) => [k, (a.row as Record<string, unknown>)[k]]),
  );
  return appendAudit(tx, {
    actorType: 'staff',
    actorId: a.staffId,
    action: a.action,
    entity: a.entity,
    entityId: a.entityId,
    before,
    after: a.patch,
  });
}

const satangOf = (bahtAmount: number | undefined) =>
  bahtAmount === undefined ? undefined : bahtToSatang(bahtAmount);

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
    const patch = sent({
      deposit_expiry_minutes: body.deposit_expiry_minutes,
      late_match_minutes: body.late_match_minutes,
      second_approval_satang: satangOf(body.second_approval),
      withdraw_min_satang: satangOf(body.withdraw_min),
      withdraw_daily_cap_satang: satangOf(body.withdraw_daily_cap),
      withdraw_review_satang: satangOf(body.withdraw_review),
    }) as Parameters<typeof updatePaymentSettingRow>[1];
    const min = patch.withdraw_min_satang ?? before.withdraw_min_satang;
    const cap = patch.withdraw_daily_cap_satang ?? before.withdraw_daily_cap_satang;
    if (min > cap) {
      throw new AppError('PAYMENT_WITHDRAW_LIMITS', {}, { withdraw_min: 'ยอดถอนขั้นต่ำต้องไม่เกินวงเงินถอนต่อวัน' });
    }
    if (Object.keys(patch).length === 0) return settingsView(before);
    const after = await updatePaymentSettingRow(tx, patch, deps.clock.now());
    await auditPatch(tx, {
      staffId,
      action: 'payments.settings',
      entity: 'payment_setting',
      entityId: 1,
      patch,
      row: before,
    });
    return settingsView(after);
  });
}

function channelView(c: Awaited<ReturnType<typeof updateChannelRow>>) {
  return {
    id: c.id,
    name: c.name,
    enabled: c.enabled,
    min: formatBaht(c.min_satang as Satang),
    max: formatBaht(c.max_satang as Satang),
  };
}

/**
 * The owner switches a deposit channel on or off or sets its limits (docs/rules/payments.md §1): a
 * member's next request is checked against them. Audited with the values before and after.
 */
export async function updateChannel(
  deps: PaymentsDeps,
  staffId: number,
  id: number,
  body: BodyOf<typeof updatePaymentChannel>,
) {
  return inTransaction(deps.db, async (tx) => {
    const before = await lockChannel(tx, id);
    if (!before) throw new AppError('RECORD_NOT_FOUND');
    const patch = sent({
      enabled: body.enabled,
      min_satang: satangOf(body.min),
      max_satang: satangOf(body.max),
    });
    const min = patch.min_satang ?? before.min_satang;
    const max = patch.max_satang ?? before.max_satang;
    if (min > max) throw new AppError('VALIDATION_FAILED', {}, { min: 'ยอดฝากขั้นต่ำต้องไม่เกินยอดฝากสูงสุด' });
    if (Object.keys(patch).length === 0) return channelView(before);
    const after = await updateChannelRow(tx, id, patch);
    await auditPatch(tx, {
      staffId,
      action: 'payments.channel',
      entity: 'payment_channel',
      entityId: id,
      patch,
      row: before,
    });
    return channelView(after);
  });
}

/** Adds a PromptPay ID paying into one of the agent's active receiving bank accounts (audited). */
export async function addPromptPay(
  deps: PaymentsDeps,
  staffId: number,
  body: BodyOf<typeof createPromptPayAccount>,
) {
  return inTransaction(deps.db, async (tx) => {
    const banks = await receivingAccounts(tx, deps.agentId, 'bank');
    if (!banks.some((b) => b.id === body.bank_account_id)) {
      throw new AppError('VALIDATION_FAILED', {}, { bank_account_id: 'กรุณาเลือกบัญชีธนาคารรับเงินที่เปิดใช้อยู่' });
    }
    const row = await insertPromptPay(tx, {
      bank_account_id: body.bank_account_id,
      proxy_type: body.proxy_type,
      proxy_id: body.proxy_id.replace(/[\s-]/g, ''),
      account_name: body.account_name,
      is_active: body.is_active,
      sort_order: body.sort_order,
    });
    if (!row) throw new AppError('VALIDATION_FAILED', {}, { proxy_id: 'หมายเลขพร้อมเพย์นี้มีอยู่แล้ว' });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'payments.promptpay_create',
      entity: 'promptpay_account',
      entityId: row.id,
      before: null,
      after: row,
    });
    return row;
  });
}

/** Switches a PromptPay ID on or off, renames or reorders it (audited). */
export async function editPromptPay(
  deps: PaymentsDeps,
  staffId: number,
  id: number,
  body: BodyOf<typeof updatePromptPayAccount>,
) {
  return inTransaction(deps.db, async (tx) => {
    const before = await lockPromptPay(tx, id);
    if (!before) throw new AppError('RECORD_NOT_FOUND');
    const patch = sent(body);
    if (Object.keys(patch).length === 0) return before;
    const after = await updatePromptPayRow(tx, id, patch, deps.clock.now());
    await auditPatch(tx, {
      staffId,
      action: 'payments.promptpay_update',
      entity: 'promptpay_account',
      entityId: id,
      patch,
      row: before,
    });
    return after;
  });
}
