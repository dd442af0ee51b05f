import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, bahtAmount, intId, isoDate, timestamp, wholeNumber } from '../fields.ts';

const tag = 'affiliate';

/** A commission rate on the wire: percent with up to two decimals ("5", "5.00", 0.5). */
const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;
const percentMessage = 'อัตราค่าแนะนำต้องอยู่ระหว่าง 0–100% และมีทศนิยมไม่เกิน 2 ตำแหน่ง';
/** Input: percent text or number → basis points (5% → 500). */
export const percentRate = z
  .union([
    z.string({ error: percentMessage }).regex(PERCENT_TEXT, { error: percentMessage }),
    z
      .number({ error: percentMessage })
      .refine((n) => PERCENT_TEXT.test(String(n)), { error: percentMessage }),
  ])
  .transform((v) => {
    const [, whole = '0', fraction = ''] = PERCENT_TEXT.exec(String(v)) ?? [];
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .pipe(z.number().max(10_000, { error: percentMessage }));
/** Output: "5.00". */
const percent = z.string().regex(/^\d{1,3}\.\d{2}$/);

const page = wholeNumber(1, 1_000_000).default(1);
const perPage = wholeNumber(1, 100).default(20);

/** The programme's rules and the member's own link (docs/rules/engagement.md §11). */
export const affiliateConfigs = endpoint({
  method: 'GET',
  path: '/api/affiliate/v2/configs',
  tag,
  auth: 'optional',
  summary:
    "The affiliate programme's rates and redeem rules; with a member, their referral code, link and the link's QR",
  query: z.object({
    agent_id: intId.optional(),
    origin: z
      .string()
      .max(200)
      .regex(/^https?:\/\/[^\s/?#@]+$/, { error: 'ที่อยู่เว็บไซต์ไม่ถูกต้อง' })
      .refine((o) => URL.canParse(o), { error: 'ที่อยู่เว็บไซต์ไม่ถูกต้อง' })
      .optional()
      .describe(
        'The site origin the link starts with (the member site sends its own); without it the link is a path',
      ),
  }),
  data: z.object({
    levels: z.array(z.object({ level: z.number().int(), percent })),
    min_redeem: baht,
    daily_limit: baht,
    accrual_time: z.string().describe('When the previous day accrues, Bangkok time (HH:MM)'),
    active_days: z.number().int().describe('A member is active with a deposit in this many days'),
    referral_code: z.string().nullable(),
    link: z.string().nullable().describe('`<origin>/register?ref=CODE`'),
    qr_image: z.string().nullable().describe('A PNG data URL of the link as a QR code'),
  }),
});

const networkItem = z.object({
  level: z.number().int(),
  name: z.string().describe('Masked: สมชาย ใ***'),
  phone: z.string().describe('Masked: 08x-xxx-5678'),
  joined_at: timestamp,
  active: z.boolean().describe('A deposit in the last 30 days'),
});

export const affiliateNetwork = endpoint({
  method: 'POST',
  path: '/api/affiliate/network',
  tag,
  auth: 'member',
  summary: "The member's network, two levels down, newest first (masked names and phones, active flag)",
  body: z
    .object({
      agent_id: intId.optional(),
      level: wholeNumber(1, 2, 'ระดับต้องเป็น 1 หรือ 2').optional().describe('1 or 2; both when left out'),
      page,
      per_page: perPage,
    })
    .optional(),
  data: z.object({
    items: z.array(networkItem),
    counts: z.object({ level1: z.number().int(), level2: z.number().int() }),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const affiliateEntryKinds = ['commission', 'redeem', 'returned'] as const;

export const affiliateTransactions = endpoint({
  method: 'GET',
  path: '/api/affiliate/transactions',
  tag,
  auth: 'member',
  summary: "The member's affiliate balance statement: commissions in, redemptions to main out, newest first",
  query: z.object({ agent_id: intId.optional(), page, per_page: perPage }),
  data: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        created_at: timestamp,
        day: isoDate.describe('The day a commission was earned on, or the day of a redemption'),
        kind: z.enum(affiliateEntryKinds),
        kind_label: z.string(),
        description: z.string(),
        amount: baht.describe('Signed: + commission, − redeemed'),
        balance_after: baht,
      }),
    ),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const affiliateCommissionHistory = endpoint({
  method: 'GET',
  path: '/api/affiliate/v2/transactions',
  tag,
  auth: 'member',
  summary: "The member's commission per day with its lines (each downline member's net loss, level and rate)",
  query: z.object({ agent_id: intId.optional(), page, per_page: perPage }),
  data: z.object({
    items: z.array(
      z.object({
        day: isoDate,
        amount: baht,
        credited_at: timestamp,
        lines: z.array(
          z.object({
            level: z.number().int(),
            name: z.string(),
            net_loss: baht,
            percent,
            commission: baht,
            counted: z.boolean().describe('false: the member is under review and earns nothing'),
          }),
        ),
      }),
    ),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const affiliateSummary = endpoint({
  method: 'GET',
  path: '/api/affiliate/summary',
  tag,
  auth: 'member',
  summary: "The member's affiliate balance, totals, today's redeem allowance and network size",
  query: z.object({ agent_id: intId.optional() }),
  data: z.object({
    balance: baht,
    total_earned: baht,
    total_redeemed: baht,
    last_commission: z.object({ day: isoDate, amount: baht }).nullable(),
    redeemed_today: baht,
    daily_left: baht,
    min_redeem: baht,
    daily_limit: baht,
    can_redeem: z.boolean(),
    network: z.object({ level1: z.number().int(), level2: z.number().int() }),
  }),
});

export const affiliateRedeem = endpoint({
  method: 'POST',
  path: '/api/affiliate/redeem',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary:
    'Move the affiliate balance to the main wallet (from 100 baht, at most 50,000 a Bangkok day); without an amount, as much as allowed',
  body: z
    .object({
      agent_id: intId.optional(),
      amount: bahtAmount({ format: 'กรุณากรอกจำนวนเงินให้ถูกต้อง' }).optional(),
    })
    .optional(),
  data: z.object({
    status: z
      .enum(['paid', 'held'])
      .describe('held: the member is flagged by the risk rule (G5); the money waits for an operator'),
    amount: baht,
    balance: baht.describe('The affiliate balance afterwards'),
    redeemed_today: baht,
    daily_left: baht,
  }),
});

const settings = z.object({
  level1_percent: percent,
  level2_percent: percent,
  min_redeem: baht,
  daily_limit: baht,
});

export const adminAffiliateSettings = endpoint({
  method: 'GET',
  path: '/api/admin/affiliate/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content', 'finance', 'support'],
  summary: "The affiliate programme's rates and redeem limits",
  data: settings,
});

export const adminUpdateAffiliateSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/affiliate/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: 'Change the affiliate rates and redeem limits (audited; days already computed keep their rates)',
  body: z.object({
    level1_percent: percentRate,
    level2_percent: percentRate,
    min_redeem: bahtAmount(),
    daily_limit: bahtAmount(),
  }),
  data: settings,
});

const run = z.object({
  id: z.number().int(),
  day: isoDate,
  started_at: timestamp,
  finished_at: timestamp,
  by_staff: z.boolean().describe('false: the 01:30 job'),
  referrers: z.number().int().describe('Referrers with lines on the day'),
  paid: z.number().int().describe('Referrers computed by this run'),
  repeated: z.number().int().describe('Referrers an earlier run had computed already: nothing paid again'),
  paid_amount: baht,
  withheld: z
    .number()
    .int()
    .describe('Referrers in a time-out or self-exclusion: the day is taken, nothing credited, then or later'),
  withheld_amount: baht,
});

export const adminAffiliateRerun = endpoint({
  method: 'POST',
  path: '/api/admin/affiliate/commission/run',
  tag: 'admin',
  auth: 'staff',
  money: true,
  roles: ['owner', 'finance'],
  summary:
    "Compute a past day's affiliate commission again: referrers already paid for it are paid nothing twice (audited)",
  body: z.object({ date: isoDate }),
  data: run,
});

export const adminAffiliateRuns = endpoint({
  method: 'GET',
  path: '/api/admin/affiliate/commission/runs',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content', 'finance'],
  summary: 'The computations of affiliate commission days, newest first',
  query: z.object({
    page,
    per_page: perPage,
    page_size: wholeNumber(1, 200).optional().describe('the console’s page size (wins over per_page)'),
  }),
  data: z.object({
    items: z.array(run),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const affiliateEndpoints = [
  affiliateConfigs,
  affiliateNetwork,
  affiliateTransactions,
  affiliateCommissionHistory,
  affiliateSummary,
  affiliateRedeem,
  adminAffiliateSettings,
  adminUpdateAffiliateSettings,
  adminAffiliateRerun,
  adminAffiliateRuns,
];
