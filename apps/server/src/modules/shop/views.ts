import { formatBaht, type Satang } from '@chok/engine/money';
import type { ClaimRow } from '../rewards/service.ts';
import type { ItemRow } from './item-queries.ts';
import type { OrderRow } from './order-queries.ts';

type VoucherWallet = 'free_credit' | 'main';

/** The wallets a voucher credits, as the member's wallet list names them (docs/rules/casino.md §1). */
export const voucherWalletNames: Record<VoucherWallet, string> = {
  main: 'กระเป๋าหลัก',
  free_credit: 'เครดิตฟรี',
};

/** Thai order statuses for the member's history and the operator's list. */
export const orderStatusLabels: Record<OrderRow['status'], string> = {
  completed: 'แลกสำเร็จ',
  requested: 'รอจัดส่ง',
  shipped: 'จัดส่งแล้ว',
  delivered: 'ได้รับของแล้ว',
  cancelled: 'ยกเลิกแล้ว คืนแต้มเรียบร้อย',
};

const heldLabels: Record<'held' | 'rejected', string> = {
  held: 'รอตรวจสอบก่อนเข้ากระเป๋า',
  rejected: 'ไม่อนุมัติ',
};

function creditView(wallet: VoucherWallet | null, amount: number | null, quantity = 1) {
  if (wallet === null || amount === null) return null;
  return {
    wallet,
    wallet_name: voucherWalletNames[wallet],
    amount: formatBaht((amount * quantity) as Satang),
  };
}

export function memberItemView(item: ItemRow, used: number) {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    description: item.description,
    image: item.image,
    price_points: item.price_points,
    stock: item.stock,
    monthly_limit: item.monthly_limit,
    monthly_used: used,
    monthly_left: Math.max(0, item.monthly_limit - used),
    voucher: creditView(item.voucher_wallet, item.voucher_satang),
  };
}

export function adminItemView(item: ItemRow) {
  return {
    id: item.id,
    code: item.code,
    kind: item.kind,
    title: item.title,
    description: item.description,
    image: item.image,
    price_points: item.price_points,
    price_version: item.price_version,
    voucher_wallet: item.voucher_wallet,
    voucher_amount: item.voucher_satang === null ? null : formatBaht(item.voucher_satang as Satang),
    stock: item.stock,
    monthly_limit: item.monthly_limit,
    active: item.active,
    sort_order: item.sort_order,
    created_at: item.created_at.toISOString(),
    updated_at: item.updated_at.toISOString(),
  };
}

/** An order as the member reads it; a voucher's credit shows its reward claim (paid, or held by G5). */
export function orderView(o: OrderRow, claim: ClaimRow | undefined) {
  const rewardStatus = o.kind === 'voucher' ? (claim?.status ?? null) : null;
  const label =
    rewardStatus === 'held' || rewardStatus === 'rejected'
      ? heldLabels[rewardStatus]
      : orderStatusLabels[o.status];
  return {
    id: o.id,
    item_id: o.item_id,
    kind: o.kind,
    title: o.title,
    quantity: o.quantity,
    points: o.points,
    status: o.status,
    status_label: label,
    credit: creditView(o.voucher_wallet, o.voucher_satang, o.quantity),
    reward_status: rewardStatus,
    ship_name: o.ship_name,
    ship_phone: o.ship_phone,
    ship_address: o.ship_address,
    note: o.note,
    tracking: o.tracking,
    cancel_reason: o.cancel_reason,
    created_at: o.created_at.toISOString(),
    updated_at: o.updated_at.toISOString(),
  };
}

export function adminOrderView(o: OrderRow, claim: ClaimRow | undefined, phone: string) {
  return {
    ...orderView(o, claim),
    member_id: o.member_id,
    phone,
    month: o.month,
    shipped_at: o.shipped_at?.toISOString() ?? null,
    delivered_at: o.delivered_at?.toISOString() ?? null,
    cancelled_at: o.cancelled_at?.toISOString() ?? null,
  };
}
