import type { depositRequest, withdrawal } from '@chok/contract/api/payments';
import { findBank } from '@chok/contract/banks';
import { formatBaht } from '@chok/engine/money';
import type { z } from 'zod';
import type { Executor } from '../../platform/db.ts';
import { memberAccount, receivingOf } from './accounts.ts';
import { promotionRef } from './content-queries.ts';
import { qrPngDataUrl } from './qr.ts';
import type { DepositRow, DepositStatus, WithdrawalRow, WithdrawalStatus } from './row-types.ts';

export type DepositView = z.input<typeof depositRequest>;
export type WithdrawalView = z.input<typeof withdrawal>;

/** What a member sees for each state (docs/rules/payments.md §6). */
export const depositLabels: Record<DepositStatus, string> = {
  open: 'รอชำระเงิน',
  paid: 'สำเร็จ',
  expired: 'หมดเวลา',
  cancelled: 'ยกเลิกแล้ว',
  review: 'กำลังตรวจสอบ',
  rejected: 'ไม่สำเร็จ',
};

export const withdrawalLabels: Record<WithdrawalStatus, string> = {
  pending: 'รอดำเนินการ',
  review: 'กำลังตรวจสอบ',
  paid: 'ถอนสำเร็จ',
  rejected: 'ไม่สำเร็จ',
};

export async function depositView(
  ex: Executor,
  r: DepositRow,
  now: Date,
  opts: { sandboxEnabled: boolean; withImage?: boolean },
): Promise<DepositView> {
  const [receiving, from, promotion] = await Promise.all([
    receivingOf(ex, r),
    memberAccount(ex, r.member_id),
    r.promotion_id === null ? Promise.resolve(undefined) : promotionRef(ex, r.promotion_id),
  ]);
  const showQr = r.qr_payload !== null && r.status === 'open' && (opts.withImage ?? true);
  return {
    request_id: r.id,
    channel_id: r.channel_id,
    sub_channel_id: r.sub_channel_id,
    status: r.status,
    status_label: depositLabels[r.status],
    amount: formatBaht(r.amount_satang),
    pay_amount: formatBaht(r.pay_amount_satang),
    paid_amount: r.paid_satang === null ? null : formatBaht(r.paid_satang),
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    paid_at: r.paid_at?.toISOString() ?? null,
    server_time: now.toISOString(),
    qr_payload: r.qr_payload,
    qr_image: showQr && r.qr_payload ? await qrPngDataUrl(r.qr_payload) : null,
    receiving,
    from_account: from,
    gateway_ref: r.gateway_ref,
    // Only the sandbox's own requests (its refs start `sbx_`): an SCB QR is paid in a bank app.
    sandbox:
      opts.sandboxEnabled && r.account_kind === 'gateway' && (r.gateway_ref?.startsWith('sbx_') ?? false),
    promotion: promotion ?? null,
    notice: r.notice,
    reason: r.reason,
  };
}

export function withdrawalView(w: WithdrawalRow): WithdrawalView {
  const bank = findBank(w.bank_code);
  return {
    id: w.id,
    amount: formatBaht(w.amount_satang),
    status: w.status,
    status_label: withdrawalLabels[w.status],
    bank_short: bank?.short ?? w.bank_code,
    bank_name: bank?.name ?? w.bank_code,
    account_no: w.account_no,
    account_name: w.account_name,
    reason: w.reason,
    bank_ref: w.bank_ref,
    created_at: w.created_at.toISOString(),
    decided_at: w.decided_at?.toISOString() ?? null,
  };
}
