/**
 * Payment settings for the operator console's Payments section: the limits and timings of
 * docs/rules/payments.md kept in `payment_setting`, the channels' limits, the gateways and the
 * PromptPay IDs (read), and the owner's edit of the settings (audited).
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { baht, timestamp, wholeNumber } from '../fields.ts';

const tag = 'admin-payments';

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
    channels: z.array(
      z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean(), min: baht, max: baht }),
    ),
    gateways: z.array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string(), is_active: z.boolean() }),
    ),
    promptpay: z.array(
      z.object({
        id: z.number().int(),
        proxy_type: z.enum(['phone', 'tax_id']),
        proxy_id: z.string(),
        account_name: z.string(),
        is_active: z.boolean(),
        sort_order: z.number().int(),
      }),
    ),
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

export const adminPaymentsEndpoints: Endpoint[] = [adminPaymentSettings, updatePaymentSettings];
