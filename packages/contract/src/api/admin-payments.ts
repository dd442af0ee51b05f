/**
 * Payment settings for the operator console's Payments section: the limits and timings of
 * docs/rules/payments.md kept in `payment_setting`, the channels' limits, the gateways and the
 * PromptPay IDs, and the operator's edits of them (audited).
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { baht, idParam, intId, timestamp, wholeNumber } from '../fields.ts';

const tag = 'admin-payments';

const channel = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  min: baht,
  max: baht,
});
const promptPayAccount = z.object({
  id: z.number().int(),
  bank_account_id: z.number().int().describe('the receiving bank account the PromptPay ID pays into'),
  proxy_type: z.enum(['phone', 'tax_id']),
  proxy_id: z.string(),
  account_name: z.string(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});

const settings = z.object({
  deposit_expiry_minutes: z.number().int().describe('an open deposit request expires after this long'),
  late_match_minutes: z
    .number()
    .int()
    .describe('a statement line still matches a request expired this long ago'),
  second_approval: baht.describe('deposits and assigned lines from this amount need a second operator'),
  withdraw_min: baht,
  withdraw_daily_cap: baht.describe("a member's withdrawals per Bangkok day"),
  withdraw_review: baht.describe('withdrawals from this amount wait for a supervisor (review)'),
  updated_at: timestamp,
});

export const adminPaymentSettings = endpoint({
  method: 'GET',
  path: '/api/admin/payments/settings',
  tag,
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary: 'Payment settings, the deposit channels with their limits, the gateways and the PromptPay IDs',
  data: z.object({
    settings,
    channels: z.array(channel),
    gateways: z.array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string(), is_active: z.boolean() }),
    ),
    promptpay: z.array(promptPayAccount),
    sandbox: z.object({ enabled: z.boolean(), allowed: z.boolean() }),
  }),
});

const wholeBaht = (what: string, min: number, max: number) =>
  wholeNumber(
    min,
    max,
    `${what}ต้องเป็นจำนวนเต็มบาท ${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')}`,
  );

export const updatePaymentSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/payments/settings',
  tag,
  auth: 'staff',
  roles: ['owner'],
  summary:
    'The owner changes payment limits and timings; send only what changes (audited). The minimum withdrawal may not exceed the daily cap',
  body: z
    .object({
      deposit_expiry_minutes: wholeNumber(5, 180, 'เวลาหมดอายุรายการฝากต้องอยู่ระหว่าง 5–180 นาที'),
      late_match_minutes: wholeNumber(0, 1440, 'เวลาจับคู่รายการล่าช้าต้องอยู่ระหว่าง 0–1440 นาที'),
      second_approval: wholeBaht('ยอดที่ต้องอนุมัติสองคน', 1, 10_000_000),
      withdraw_min: wholeBaht('ยอดถอนขั้นต่ำ', 1, 1_000_000),
      withdraw_daily_cap: wholeBaht('วงเงินถอนต่อวัน', 1, 100_000_000),
      withdraw_review: wholeBaht('ยอดถอนที่ต้องตรวจสอบ', 1, 100_000_000),
    })
    .partial(),
  data: settings,
});

export const updatePaymentChannel = endpoint({
  method: 'PUT',
  path: '/api/admin/payments/channels/:id',
  tag,
  auth: 'staff',
  roles: ['owner'],
  summary:
    'The owner switches a deposit channel on or off and sets its minimum and maximum deposit; send only what changes (audited)',
  params: idParam,
  body: z
    .object({
      enabled: z.boolean(),
      min: wholeBaht('ยอดฝากขั้นต่ำ', 1, 10_000_000),
      max: wholeBaht('ยอดฝากสูงสุด', 1, 10_000_000),
    })
    .partial(),
  data: channel,
});

const accountName = z.string().trim().min(2, { error: 'กรุณากรอกชื่อบัญชี' }).max(100, { error: 'ชื่อบัญชียาวเกินไป' });

export const createPromptPayAccount = endpoint({
  method: 'POST',
  path: '/api/admin/payments/promptpay',
  tag,
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary:
    'Add a PromptPay ID (a mobile number or a 13-digit tax ID) paying into one of the receiving bank accounts (audited)',
  body: z
    .object({
      bank_account_id: intId,
      proxy_type: z.enum(['phone', 'tax_id'], { error: 'กรุณาเลือกประเภทพร้อมเพย์' }),
      proxy_id: z.string().trim().max(20, { error: 'หมายเลขพร้อมเพย์ไม่ถูกต้อง' }),
      account_name: accountName,
      is_active: z.boolean().default(true),
      sort_order: wholeNumber(0, 10_000, 'ลำดับต้องเป็นจำนวนเต็ม 0–10000').default(0),
    })
    .superRefine((v, ctx) => {
      const digits = v.proxy_id.replace(/[\s-]/g, '');
      const ok = v.proxy_type === 'phone' ? /^0[0-9]{9}$/.test(digits) : /^[0-9]{13}$/.test(digits);
      if (!ok)
        ctx.addIssue({
          code: 'custom',
          path: ['proxy_id'],
          message:
            v.proxy_type === 'phone'
              ? 'เบอร์พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลัก ขึ้นต้นด้วย 0'
              : 'เลขประจำตัวผู้เสียภาษีต้องมี 13 หลัก',
        });
    }),
  data: promptPayAccount,
});

export const updatePromptPayAccount = endpoint({
  method: 'PUT',
  path: '/api/admin/payments/promptpay/:id',
  tag,
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary:
    'Switch a PromptPay ID on or off, rename it or move it in the order; send only what changes (audited)',
  params: idParam,
  body: z
    .object({
      account_name: accountName,
      is_active: z.boolean(),
      sort_order: wholeNumber(0, 10_000, 'ลำดับต้องเป็นจำนวนเต็ม 0–10000'),
    })
    .partial(),
  data: promptPayAccount,
});

export const adminPaymentsEndpoints: Endpoint[] = [
  adminPaymentSettings,
  updatePaymentSettings,
  updatePaymentChannel,
  createPromptPayAccount,
  updatePromptPayAccount,
];
