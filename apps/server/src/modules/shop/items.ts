import { parseBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ShopDeps } from './catalogue.ts';
import {
  addStock,
  allItems,
  type ItemPatch,
  type ItemRow,
  insertItem,
  lockItem,
  updateItem,
} from './item-queries.ts';
import { adminItemView } from './views.ts';

// The operator's items (docs/rules/engagement.md §8: vouchers and goods priced by the operator), every
// change audited with the row before and after.

type Wallet = 'free_credit' | 'main';

export interface ItemInput {
  kind: 'voucher' | 'goods';
  title: string;
  description: string;
  image: string | null;
  price_points: number;
  voucher_wallet: Wallet | null;
  voucher_amount: string | null;
  stock: number | null;
  monthly_limit: number;
  active: boolean;
  sort_order: number;
}

export type ItemEdit = Partial<Omit<ItemInput, 'kind' | 'voucher_wallet' | 'voucher_amount'>> & {
  voucher_wallet?: Wallet | undefined;
  voucher_amount?: string | undefined;
};

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, { [field]: message });
}

/** A voucher names its wallet and a positive amount; goods name neither. */
function checkVoucher(kind: ItemRow['kind'], wallet: Wallet | null, satang: number | null): void {
  if (kind === 'voucher') {
    if (wallet === null) throw fieldError('voucher_wallet', 'กรุณาเลือกกระเป๋าที่คูปองเติมเงินเข้า');
    if (satang === null || satang <= 0) throw fieldError('voucher_amount', 'กรุณาระบุมูลค่าคูปองมากกว่า 0 บาท');
  } else if (wallet !== null || satang !== null) {
    throw fieldError('voucher_wallet', 'ของรางวัลประเภทสินค้าไม่มีมูลค่าเติมเข้ากระเป๋า');
  }
}

/** One staff change of an item in the audit log. */
function auditItem(
  tx: Tx,
  staffId: number,
  action: 'shop_item.create' | 'shop_item.update' | 'shop_item.stock',
  id: number,
  change: { before?: unknown; after: unknown },
) {
  return appendAudit(tx, {
    actorType: 'staff',
    actorId: staffId,
    action,
    entity: 'shop_item',
    entityId: id,
    ...change,
  });
}

/** The item, locked for a change; RECORD_NOT_FOUND when there is none. */
async function lockedItem(tx: Tx, id: number): Promise<ItemRow> {
  const row = await lockItem(tx, id);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

export async function listItems(d: ShopDeps) {
  return (await allItems(d.db)).map(adminItemView);
}

export async function createItem(d: ShopDeps, staffId: number, input: ItemInput) {
  const satang = input.voucher_amount === null ? null : parseBaht(input.voucher_amount);
  checkVoucher(input.kind, input.voucher_wallet, satang);
  return inTransaction(d.db, async (tx) => {
    const now = d.clock.now();
    const row = await insertItem(tx, {
      kind: input.kind,
      title: input.title,
      description: input.description,
      image: input.image,
      price_points: input.price_points,
      voucher_wallet: input.voucher_wallet,
      voucher_satang: satang,
      stock: input.stock,
      monthly_limit: input.monthly_limit,
      active: input.active,
      sort_order: input.sort_order,
      created_at: now,
      updated_at: now,
    });
    const view = adminItemView(row);
    await auditItem(tx, staffId, 'shop_item.create', row.id, { after: view });
    return view;
  });
}

/** Edits an item; a new price moves its price version, so quotes at the old price are refused. */
export async function editItem(d: ShopDeps, staffId: number, id: number, input: ItemEdit) {
  return inTransaction(d.db, async (tx) => {
    const before = await lockedItem(tx, id);
    const { voucher_amount, ...rest } = input;
    const patch: ItemPatch = Object.fromEntries(
      Object.entries(rest).filter(([, v]) => v !== undefined),
    ) as ItemPatch;
    if (voucher_amount !== undefined) patch.voucher_satang = parseBaht(voucher_amount);
    if (patch.voucher_wallet !== undefined || patch.voucher_satang !== undefined) {
      checkVoucher(
        before.kind,
        (patch.voucher_wallet as Wallet | undefined) ?? before.voucher_wallet,
        (patch.voucher_satang as number | undefined) ?? before.voucher_satang,
      );
    }
    const row = await updateItem(tx, id, patch, d.clock.now());
    const view = adminItemView(row);
    await auditItem(tx, staffId, 'shop_item.update', id, { before: adminItemView(before), after: view });
    return view;
  });
}

/**
 * Restock (or write off) in one statement, so units sold meanwhile are never overwritten. An
 * unlimited item has no stock to add to; the stock never goes below 0.
 */
export async function changeStock(d: ShopDeps, staffId: number, id: number, add: number) {
  return inTransaction(d.db, async (tx) => {
    const before = await lockedItem(tx, id);
    if (before.stock === null) throw fieldError('add', 'ของรางวัลนี้ไม่จำกัดจำนวน ตั้งจำนวนคงเหลือก่อนเติมสต็อก');
    const row = await addStock(tx, id, add, d.clock.now());
    if (!row) throw fieldError('add', `ลดสต็อกได้ไม่เกินจำนวนคงเหลือ (${before.stock} ชิ้น)`);
    const view = adminItemView(row);
    await auditItem(tx, staffId, 'shop_item.stock', id, {
      before: { stock: before.stock },
      after: { stock: row.stock, add },
    });
    return view;
  });
}
