import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { baht, bahtAmount, bigIdParam, idParam, intId, phone, timestamp, wholeNumber } from '../fields.ts';

/**
 * Coupons (docs/rules/engagement.md §2): a member redeems a code for free credit; operators generate
 * campaign codes (one code, a global quota) and personal codes (one per member), list and disable them.
 */
const tag = 'coupons';
const adminTag = 'admin-coupons';
const editorRoles = ['owner', 'content'] as const;
const readerRoles = ['owner', 'content', 'finance', 'support'] as const;

export const couponClaimStatuses = ['paid', 'held', 'rejected'] as const;

export const redeemCoupon = endpoint({
  method: 'POST',
  path: '/api/coupon/redeem',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary:
    'Added: redeem a coupon code for free credit (turnover ×5, withdrawal cap 300 baht); only while every wallet together holds under 5 baht and nothing waits for a result',
  body: z.object({
    code: z
      .string({ error: 'กรุณากรอกโค้ดคูปอง' })
      .trim()
      .min(1, { error: 'กรุณากรอกโค้ดคูปอง' })
      .max(64, { error: 'โค้ดคูปองไม่ถูกต้อง' }),
  }),
  data: z.object({
    code: z.string(),
    title: z.string(),
    amount: baht,
    status: z.enum(['paid', 'held']),
    held: z.boolean().describe('the risk rule (G5) holds the credit for an operator'),
    turnover_required: baht.describe('what the credit adds to the free-credit requirement'),
    cap: baht.describe('what the credit adds to the most that may move to main'),
    message: z.string(),
  }),
});

const historyItem = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  amount: baht,
  status: z.enum(couponClaimStatuses),
  status_label: z.string(),
  used_at: timestamp,
});

export const couponHistory = endpoint({
  method: 'GET',
  path: '/api/coupon/history',
  tag,
  auth: 'member',
  summary: "Added: the member's redeemed coupons, newest first",
  query: z.object({ limit: wholeNumber(1, 100).default(30) }),
  data: z.array(historyItem),
});

// ── operator ──

const title = z.string().trim().min(1, { error: 'กรุณากรอกชื่อคูปอง' }).max(200);
const amount = bahtAmount({
  required: 'กรุณาระบุมูลค่าคูปอง',
  format: 'มูลค่าคูปองไม่ถูกต้อง',
  tooBig: 'มูลค่าคูปองสูงเกินไป',
}).refine((b) => b !== '0.00', { error: 'มูลค่าคูปองต้องมากกว่า 0' });
/**
 * The one code an operator may choose for a campaign (docs/rules/engagement.md §2): 4–20 letters and
 * digits with at least one letter, never 10 characters that could be a generated code. Blank: none.
 */
export const operatorCode = z
  .string({ error: 'โค้ดที่ตั้งเองไม่ถูกต้อง' })
  .trim()
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .default(null)
  .refine((s) => s === null || /^[A-Za-z0-9]{4,20}$/.test(s), {
    error: 'โค้ดที่ตั้งเองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว ไม่มีช่องว่างหรือเครื่องหมาย',
  })
  .refine((s) => s === null || /[A-Za-z]/.test(s), { error: 'โค้ดที่ตั้งเองต้องมีตัวอักษรอย่างน้อย 1 ตัว' })
  .refine((s) => s === null || !isGeneratedShape(s), {
    error: 'โค้ดที่ตั้งเองยาว 10 ตัวไม่ได้ เพราะซ้ำรูปแบบกับโค้ดที่ระบบสร้าง กรุณาใช้ความยาวอื่น',
  });

/** 10 characters of the generated codes' alphabet, read the Crockford way (O as 0, I and L as 1). */
function isGeneratedShape(s: string): boolean {
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(s.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1'));
}

const expiresAt = z.iso
  .datetime({ offset: true, error: 'วันหมดอายุไม่ถูกต้อง กรุณาระบุวันที่และเวลา' })
  .nullable()
  .default(null);

export const couponCampaign = z.object({
  id: z.number().int(),
  kind: z.enum(['campaign', 'personal']),
  title: z.string(),
  amount: baht,
  expires_at: timestamp.nullable(),
  status: z.enum(['active', 'disabled']),
  code: z.string().nullable().describe('kind campaign: its one shared code'),
  operator_code: z
    .string()
    .nullable()
    .describe('the code the operator chose (any case redeems it), beside the generated ones'),
  codes: z.number().int(),
  quota: z.number().int().describe('uses allowed over all codes'),
  used: z.number().int(),
  created_at: timestamp,
  created_by: z.number().int(),
  disabled_at: timestamp.nullable(),
});

export const couponCode = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  code: z.string(),
  member_id: z.number().int().nullable(),
  member_phone: phone.nullable(),
  quota: z.number().int(),
  used: z.number().int(),
  status: z.enum(['active', 'disabled']),
  disabled_at: timestamp.nullable(),
});

export const adminCouponCampaigns = endpoint({
  method: 'GET',
  path: '/api/admin/coupons/campaigns',
  tag: adminTag,
  auth: 'staff',
  roles: readerRoles,
  summary: 'Coupon campaigns, newest first, with their codes, quota and uses',
  query: z.object({
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(50),
    page_size: wholeNumber(1, 200).optional().describe('the console’s page size (wins over per_page)'),
  }),
  data: z.object({
    items: z.array(couponCampaign),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const adminCreateCouponCampaign = endpoint({
  method: 'POST',
  path: '/api/admin/coupons/campaigns',
  tag: adminTag,
  auth: 'staff',
  money: true,
  roles: editorRoles,
  summary:
    'Generate a campaign code: one code any member may use once, up to a global quota, and optionally a code the operator chose that counts against the same quota (audited)',
  body: z.object({
    title,
    amount,
    quota: wholeNumber(1, 1_000_000, 'จำนวนสิทธิ์ต้องเป็นจำนวนเต็ม 1–1,000,000'),
    expires_at: expiresAt,
    operator_code: operatorCode.describe('a code the operator chose, e.g. CHOK100; unique in any case'),
  }),
  data: couponCampaign,
});

export const adminCreatePersonalCoupons = endpoint({
  method: 'POST',
  path: '/api/admin/coupons/personal',
  tag: adminTag,
  auth: 'staff',
  money: true,
  roles: editorRoles,
  summary: 'Generate personal codes: one code for each member given, usable by that member once (audited)',
  body: z.object({
    title,
    amount,
    member_ids: z
      .array(intId)
      .min(1, { error: 'กรุณาระบุสมาชิกอย่างน้อย 1 คน' })
      .max(1000, { error: 'สร้างได้ครั้งละไม่เกิน 1,000 คน' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'มีรหัสสมาชิกซ้ำกัน' }),
    expires_at: expiresAt,
    operator_code: operatorCode.describe(
      'a code the operator chose: each member given may say it instead of their own code',
    ),
  }),
  data: z.object({ campaign: couponCampaign, codes: z.array(couponCode) }),
});

export const adminCouponCodes = endpoint({
  method: 'GET',
  path: '/api/admin/coupons/campaigns/:id/codes',
  tag: adminTag,
  auth: 'staff',
  roles: readerRoles,
  summary: "A campaign's codes with their member, quota and uses",
  params: idParam,
  data: z.array(couponCode),
});

export const adminDisableCouponCampaign = endpoint({
  method: 'POST',
  path: '/api/admin/coupons/campaigns/:id/disable',
  tag: adminTag,
  auth: 'staff',
  roles: editorRoles,
  summary: 'Disable a campaign: none of its codes can be redeemed any more (audited)',
  params: idParam,
  data: couponCampaign,
});

export const adminDisableCouponCode = endpoint({
  method: 'POST',
  path: '/api/admin/coupons/codes/:id/disable',
  tag: adminTag,
  auth: 'staff',
  roles: editorRoles,
  summary: 'Disable one code (audited)',
  params: bigIdParam,
  data: couponCode,
});

export const couponsEndpoints: Endpoint[] = [
  redeemCoupon,
  couponHistory,
  adminCouponCampaigns,
  adminCreateCouponCampaign,
  adminCreatePersonalCoupons,
  adminCouponCodes,
  adminDisableCouponCampaign,
  adminDisableCouponCode,
];
