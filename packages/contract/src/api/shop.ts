import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, bahtAmount, bigIdParam, idParam, intId, timestamp, wholeNumber } from '../fields.ts';

/**
 * The point shop (แลกของรางวัล), docs/rules/engagement.md §8: items for points, a single-use quote
 * valid 60 s, the redeem, the member's orders; the operator's items, stock and goods orders.
 */
const tag = 'shop';

export const shopItemKinds = ['voucher', 'goods'] as const;
export const voucherWallets = ['free_credit', 'main'] as const;
export const shopOrderStatuses = ['completed', 'requested', 'shipped', 'delivered', 'cancelled'] as const;

/** What a voucher credits: the wallet and the amount for the quantity asked. */
const credit = z.object({
  wallet: z.enum(voucherWallets),
  wallet_name: z.string(),
  amount: baht,
});

const memberItem = z.object({
  id: z.number().int(),
  kind: z.enum(shopItemKinds),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  price_points: z.number().int(),
  stock: z.number().int().nullable().describe('Units left; null = unlimited'),
  monthly_limit: z.number().int(),
  monthly_used: z.number().int().describe('Units this member redeemed this Bangkok month'),
  monthly_left: z.number().int(),
  voucher: credit.nullable().describe('What one unit credits; null for goods'),
});

export const redemptionList = endpoint({
  method: 'GET',
  path: '/api/redemption/list',
  tag,
  auth: 'member',
  summary: "The shop's items with stock left and this month's count, and the member's points",
  data: z.object({
    point: z.number().int(),
    month: z.string().describe('The Bangkok month "YYYY-MM" the counts belong to'),
    items: z.array(memberItem),
  }),
});

const quantity = wholeNumber(1, 1_000, 'จำนวนที่แลกไม่ถูกต้อง');

export const redemptionCalc = endpoint({
  method: 'POST',
  path: '/api/redemption/calc',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: 'The cost and the balance after redeeming, and a quote_id valid once for 60 s',
  body: z.object({ item_id: intId, quantity }),
  data: z.object({
    quote_id: z.string(),
    item_id: z.number().int(),
    title: z.string(),
    kind: z.enum(shopItemKinds),
    quantity: z.number().int(),
    unit_price: z.number().int().describe('Points per unit'),
    cost: z.number().int().describe('Points'),
    balance: z.number().int(),
    balance_after: z.number().int(),
    credit: credit.nullable(),
    expires_at: timestamp,
    server_time: timestamp,
    valid_seconds: z.number().int(),
  }),
});

const order = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  kind: z.enum(shopItemKinds),
  title: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
  status: z.enum(shopOrderStatuses),
  status_label: z.string(),
  credit: credit.nullable(),
  reward_status: z
    .enum(['paid', 'held', 'rejected', 'withheld'])
    .nullable()
    .describe("A voucher's credit: paid, held for review (G5) or rejected; null for goods"),
  ship_name: z.string().nullable(),
  ship_phone: z.string().nullable(),
  ship_address: z.string().nullable(),
  note: z.string().nullable(),
  tracking: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((s) => (s ? s : undefined));

export const redemptionRedeem = endpoint({
  method: 'POST',
  path: '/api/redemption/redeem',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: 'Redeem a quote once: points debited, a voucher credited at once, goods ordered for shipping',
  body: z.object({
    quote_id: z.uuid({ error: 'ใบเสนอราคาไม่ถูกต้อง กรุณาคำนวณแต้มใหม่อีกครั้ง' }),
    ship_name: optionalText(100, 'ชื่อผู้รับยาวเกินไป'),
    ship_phone: z
      .string()
      .trim()
      .regex(/^(0[0-9]{9})?$/, { error: 'เบอร์โทรศัพท์ต้องเป็นตัวเลข 10 หลัก ขึ้นต้นด้วย 0' })
      .optional()
      .transform((s) => (s ? s : undefined)),
    ship_address: optionalText(500, 'ที่อยู่จัดส่งยาวเกินไป'),
    note: optionalText(500, 'หมายเหตุยาวเกินไป'),
  }),
  data: z.object({
    order,
    point: z.number().int().describe('Points after the redeem'),
  }),
});

export const redemptionHistory = endpoint({
  method: 'GET',
  path: '/api/redemption/history',
  tag,
  auth: 'member',
  summary: "The member's shop orders, newest first, paged",
  query: z.object({
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  data: z.object({
    items: z.array(order),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

// ─── Operator ─────────────────────────────────────────────────────────────────────────────────────

const itemRoles = ['owner', 'content'] as const;
const orderRoles = ['owner', 'content', 'support'] as const;

const adminItem = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  kind: z.enum(shopItemKinds),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  price_points: z.number().int(),
  price_version: z.number().int(),
  voucher_wallet: z.enum(voucherWallets).nullable(),
  voucher_amount: baht.nullable(),
  stock: z.number().int().nullable(),
  monthly_limit: z.number().int(),
  active: z.boolean(),
  sort_order: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});

const title = z
  .string()
  .trim()
  .min(1, { error: 'กรุณาระบุชื่อของรางวัล' })
  .max(200, { error: 'ชื่อของรางวัลยาวเกินไป' });
const description = z.string().trim().max(5_000, { error: 'รายละเอียดยาวเกินไป' });
const image = z
  .string()
  .trim()
  .min(1, { error: 'กรุณาระบุที่อยู่รูปภาพ' })
  .max(500, { error: 'ที่อยู่รูปภาพยาวเกินไป' })
  .nullable();
const pricePoints = wholeNumber(1, 100_000_000, 'ราคาแต้มต้องเป็นจำนวนเต็มตั้งแต่ 1 ขึ้นไป');
const stock = wholeNumber(0, 100_000_000, 'จำนวนคงเหลือต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป')
  .nullable()
  .describe('null = unlimited');
const monthlyLimit = wholeNumber(1, 1_000, 'จำกัดต่อเดือนต้องเป็นจำนวนเต็ม 1–1,000');
const sortOrder = wholeNumber(0, 1_000_000);

const itemInput = z.object({
  kind: z.enum(shopItemKinds, { error: 'กรุณาเลือกประเภทของรางวัล' }),
  title,
  description: description.default(''),
  image: image.default(null),
  price_points: pricePoints,
  voucher_wallet: z.enum(voucherWallets).nullable().default(null),
  voucher_amount: bahtAmount().nullable().default(null),
  stock: stock.default(null),
  monthly_limit: monthlyLimit.default(5),
  active: z.boolean().default(true),
  sort_order: sortOrder.default(0),
});

export const adminShopItems = endpoint({
  method: 'GET',
  path: '/api/admin/shop/items',
  tag: 'admin',
  auth: 'staff',
  roles: itemRoles,
  summary: "The point shop's items, active and retired",
  data: z.array(adminItem),
});

export const adminCreateShopItem = endpoint({
  method: 'POST',
  path: '/api/admin/shop/items',
  tag: 'admin',
  auth: 'staff',
  roles: itemRoles,
  summary: 'Add a shop item; a voucher names its wallet and amount (audited)',
  body: itemInput,
  data: adminItem,
});

export const adminUpdateShopItem = endpoint({
  method: 'PUT',
  path: '/api/admin/shop/items/:id',
  tag: 'admin',
  auth: 'staff',
  roles: itemRoles,
  summary: 'Edit a shop item, send only what changes; a new price moves the price version (audited)',
  params: idParam,
  body: z
    .object({
      title,
      description,
      image,
      price_points: pricePoints,
      voucher_wallet: z.enum(voucherWallets),
      voucher_amount: bahtAmount(),
      stock,
      monthly_limit: monthlyLimit,
      active: z.boolean(),
      sort_order: sortOrder,
    })
    .partial(),
  data: adminItem,
});

export const adminShopItemStock = endpoint({
  method: 'POST',
  path: '/api/admin/shop/items/:id/stock',
  tag: 'admin',
  auth: 'staff',
  roles: itemRoles,
  summary: "Add to (or, negative, take from) an item's stock in one statement (audited)",
  params: idParam,
  body: z.object({
    add: z
      .number({ error: 'กรุณาระบุจำนวนเป็นจำนวนเต็ม' })
      .int({ error: 'กรุณาระบุจำนวนเป็นจำนวนเต็ม' })
      .min(-100_000_000)
      .max(100_000_000)
      .refine((n) => n !== 0, { error: 'จำนวนต้องไม่เป็นศูนย์' }),
  }),
  data: adminItem,
});

const adminOrder = order.extend({
  member_id: z.number().int(),
  phone: z.string(),
  month: z.string(),
  shipped_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
});

export const adminShopOrders = endpoint({
  method: 'GET',
  path: '/api/admin/shop/orders',
  tag: 'admin',
  auth: 'staff',
  roles: orderRoles,
  summary: 'Shop orders (goods by default), newest first, by status',
  query: z.object({
    kind: z.enum(shopItemKinds).default('goods'),
    status: z.enum(shopOrderStatuses).optional(),
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(50),
    page_size: wholeNumber(1, 200).optional().describe('the console’s page size (wins over per_page)'),
  }),
  data: z.object({
    items: z.array(adminOrder),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const adminShipShopOrder = endpoint({
  method: 'POST',
  path: '/api/admin/shop/orders/:id/ship',
  tag: 'admin',
  auth: 'staff',
  roles: orderRoles,
  summary: 'Mark a requested goods order shipped, with an optional tracking number (audited)',
  params: bigIdParam,
  body: z.object({ tracking: z.string().trim().max(200).optional() }),
  data: adminOrder,
});

export const adminDeliverShopOrder = endpoint({
  method: 'POST',
  path: '/api/admin/shop/orders/:id/deliver',
  tag: 'admin',
  auth: 'staff',
  roles: orderRoles,
  summary: 'Mark a shipped goods order delivered (audited)',
  params: bigIdParam,
  data: adminOrder,
});

export const adminCancelShopOrder = endpoint({
  method: 'POST',
  path: '/api/admin/shop/orders/:id/cancel',
  tag: 'admin',
  auth: 'staff',
  money: true,
  roles: orderRoles,
  summary: 'Cancel a requested or shipped goods order and refund its points once (audited)',
  params: bigIdParam,
  body: z.object({ reason: z.string().trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500) }),
  data: adminOrder,
});

export const shopEndpoints = [
  redemptionList,
  redemptionCalc,
  redemptionRedeem,
  redemptionHistory,
  adminShopItems,
  adminCreateShopItem,
  adminUpdateShopItem,
  adminShopItemStock,
  adminShopOrders,
  adminShipShopOrder,
  adminDeliverShopOrder,
  adminCancelShopOrder,
];
