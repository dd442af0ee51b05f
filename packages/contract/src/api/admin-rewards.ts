/**
 * The operator console's rewards and content screens (apps/backoffice, sections rewards and content):
 * the reads those screens need that the feature contracts (cashback.ts, coupons.ts, content.ts, …) do
 * not have. Lists are paged the console's way (`pageQuery`, `paged` of admin-console.ts).
 */
import { z } from 'zod';
import { type Endpoint, endpoint, type StaffRole } from '../endpoint.ts';
import { baht, intId, isoDate, phone, timestamp } from '../fields.ts';
import { paged, pageQuery } from './admin-console.ts';
import { payoutKinds } from './cashback.ts';
import { couponClaimStatuses, couponCode } from './coupons.ts';

const tag = 'admin-rewards';
/** Who reads money runs: content runs the programmes, finance pays for them. */
const moneyReaders = ['owner', 'content', 'finance'] as const satisfies readonly StaffRole[];
const couponReaders = ['owner', 'content', 'finance', 'support'] as const satisfies readonly StaffRole[];

const RANGE_MESSAGE = 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม';
/** `from` ≤ `to` when both are given (Bangkok days). */
function dayRange<T extends { from?: string | undefined; to?: string | undefined }>(
  q: T,
  ctx: z.RefinementCtx,
) {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_MESSAGE });
}

const claimStatus = z.enum(['paid', 'held', 'rejected', 'withheld']);

// ─── Cashback and turnover commission: what each day paid ────────────────────────────────────────

export const cashbackDay = z.object({
  kind: z.enum(payoutKinds),
  day: z.string().describe('Bangkok date YYYY-MM-DD of the figures'),
  members: z.number().int().describe('members with a payment for the day (paid, held or rejected)'),
  amount: baht.describe('every payment of the day together'),
  paid: z.number().int(),
  paid_amount: baht,
  held: z.number().int().describe('waiting for an operator (G5)'),
  held_amount: baht,
  rejected: z.number().int(),
  rejected_amount: baht,
  withheld: z.number().int().describe('due during a time-out or self-exclusion: recorded, never paid'),
  withheld_amount: baht,
  by_member: z.number().int().describe('claimed by the member'),
  by_job: z.number().int().describe('paid by the 01:00 job'),
  by_operator: z.number().int().describe("paid by an operator's re-run"),
  first_at: timestamp,
  last_at: timestamp,
});

export const adminCashbackDays = endpoint({
  method: 'GET',
  path: '/api/admin/cashback/days',
  tag,
  auth: 'staff',
  roles: moneyReaders,
  summary:
    'Loss cashback, lotto loss cashback and turnover commission per day and kind, newest day first: members, amounts paid, held and rejected, and who made each payment',
  query: z
    .object({
      kind: z.enum(payoutKinds, { error: 'กรุณาเลือกประเภท' }).optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
      ...pageQuery,
    })
    .superRefine(dayRange),
  data: paged(cashbackDay),
});

export const cashbackPayoutLine = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  phone: z.string(),
  kind: z.enum(payoutKinds),
  day: z.string(),
  stake: baht,
  payout: baht,
  base: baht.describe('net loss (loss, lotto) or turnover (commission) the rate applied to'),
  rate_percent: z.string().describe('two decimals'),
  amount: baht,
  status: claimStatus,
  paid_by: z.enum(['member', 'job', 'operator']),
  created_at: timestamp,
});

export const adminCashbackPayouts = endpoint({
  method: 'GET',
  path: '/api/admin/cashback/payouts',
  tag,
  auth: 'staff',
  roles: moneyReaders,
  summary: "One day's payments of a kind, member by member, largest first",
  query: z.object({
    kind: z.enum(payoutKinds, { error: 'กรุณาเลือกประเภท' }),
    day: isoDate,
    ...pageQuery,
  }),
  data: paged(cashbackPayoutLine),
});

// ─── Coupons: every code and every use ───────────────────────────────────────────────────────────

const codeText = z.string().trim().min(1, { error: 'กรุณากรอกโค้ดคูปอง' }).max(64, { error: 'โค้ดคูปองไม่ถูกต้อง' });

export const adminCouponCodeLine = couponCode.extend({
  campaign_title: z.string(),
  campaign_kind: z.enum(['campaign', 'personal']),
  amount: baht,
  expires_at: timestamp.nullable(),
});

export const adminCouponCodeSearch = endpoint({
  method: 'GET',
  path: '/api/admin/coupons/codes',
  tag,
  auth: 'staff',
  roles: couponReaders,
  summary:
    "Coupon codes over all campaigns, newest first: of one campaign, a code's beginning, a member's phone, a status",
  query: z.object({
    campaign_id: intId.optional(),
    code: codeText.optional().describe('the beginning of a code, any case'),
    phone: phone.optional(),
    status: z.enum(['active', 'disabled']).optional(),
    ...pageQuery,
  }),
  data: paged(adminCouponCodeLine),
});

export const adminCouponUse = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  code: z.string(),
  campaign_id: z.number().int(),
  campaign_title: z.string(),
  member_id: z.number().int(),
  phone: z.string(),
  amount: baht,
  status: z.enum(couponClaimStatuses).describe('what became of the free credit (G5 may hold it)'),
  used_at: timestamp,
});

export const adminCouponUses = endpoint({
  method: 'GET',
  path: '/api/admin/coupons/uses',
  tag,
  auth: 'staff',
  roles: couponReaders,
  summary: 'Coupon redemptions, newest first: of one campaign, one code or one member',
  query: z.object({
    campaign_id: intId.optional(),
    coupon_id: intId.optional(),
    phone: phone.optional(),
    ...pageQuery,
  }),
  data: paged(adminCouponUse),
});

// ─── Agent config as the operator edits it ───────────────────────────────────────────────────────

export const adminAgentConfig = endpoint({
  method: 'GET',
  path: '/api/admin/agent/config',
  tag,
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: "The operator's name, logo and chat-contact addresses, as PUT /api/admin/agent/config edits them",
  data: z.object({
    agent_code: z.string(),
    name: z.string(),
    agent_logo: z.string(),
    line_admin_url: z.string(),
    line_contact_url: z.string(),
    updated_at: timestamp,
  }),
});

export const adminRewardsEndpoints: Endpoint[] = [
  adminCashbackDays,
  adminCashbackPayouts,
  adminCouponCodeSearch,
  adminCouponUses,
  adminAgentConfig,
];
