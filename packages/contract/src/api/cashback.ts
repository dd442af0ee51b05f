import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, bahtAmount, isoDate, timestamp, wholeNumber } from '../fields.ts';
import { gameCategories, gameCategoryLabels } from './games.ts';

const tag = 'cashback';

/**
 * Loss cashback (คืนยอดเสีย, docs/rules/engagement.md §3), turnover commission (คืนยอดเทิร์น, §4)
 * and the win/loss report (§12), with their operator settings and the re-run of a day.
 */

/** The categories of the settled figures (§0 G6): the game categories and lotto. */
export const figureCategories = [...gameCategories, 'lotto'] as const;
export type FigureCategory = (typeof figureCategories)[number];
export const figureCategoryLabels: Record<FigureCategory, string> = {
  ...gameCategoryLabels,
  lotto: 'หวย',
};

/** loss: casino and slot (§3 rules 1–4); lotto: lotto bills (§3 rule 5); commission: §4. */
export const payoutKinds = ['loss', 'lotto', 'commission'] as const;
/** withheld: fell due during a time-out or self-exclusion, never paid (docs/rules/protection.md §3.2). */
export const claimStatuses = ['paid', 'held', 'rejected', 'withheld'] as const;

const day = z.string().describe('Bangkok date YYYY-MM-DD');
const percent = z.string().describe('Percent with two decimals, e.g. "5.00"');

/** One paid (or held) cashback or commission, with what it was computed from. */
export const payoutItem = z.object({
  id: z.number().int(),
  kind: z.enum(payoutKinds),
  kind_label: z.string(),
  day,
  stake: baht,
  payout: baht,
  base: baht.describe('The net loss (loss, lotto) or the turnover (commission) the rate applied to'),
  rate_percent: percent,
  amount: baht,
  status: z.enum(claimStatuses),
  status_label: z.string(),
  paid_by: z.enum(['member', 'job', 'operator']),
  created_at: timestamp,
});

const figureLine = z.object({
  category: z.enum(figureCategories),
  label: z.string(),
  stake: baht,
  payout: baht,
  net_loss: baht.describe('stake − payout: negative when the member won'),
});

export const cashbackStates = [
  'claimable',
  'paid',
  'held',
  'rejected',
  'withheld',
  'no_loss',
  'below_minimum',
  'closed',
] as const;

const dayCashback = z.object({
  kind: z.enum(['loss', 'lotto']),
  day,
  lines: z.array(figureLine),
  stake: baht,
  payout: baht,
  net_loss: baht,
  rate_percent: percent,
  minimum: baht,
  computed: baht.describe('⌊net loss × rate⌋ before the minimum'),
  amount: baht.describe('What a claim pays (0.00 when nothing can be claimed)'),
  state: z.enum(cashbackStates),
  reason: z.string().nullable().describe('Why nothing can be claimed, in Thai; null when claimable'),
  claim: payoutItem.nullable(),
});

export const lossStatus = endpoint({
  method: 'GET',
  path: '/api/cashback/loss/status',
  tag,
  auth: 'member',
  summary:
    "Yesterday's settled figures per category, the loss and lotto cashback claimable today, and the claim window (added)",
  data: z.object({
    server_time: timestamp,
    day,
    window: z.object({ opens_at: timestamp, closes_at: timestamp }),
    loss: dayCashback,
    lotto: dayCashback,
  }),
});

export const lossHistory = endpoint({
  method: 'GET',
  path: '/api/cashback/loss/history',
  tag,
  auth: 'member',
  summary: "The member's loss cashback (casino and slot, lotto), newest day first",
  query: z.object({
    kind: z.enum(['all', 'loss', 'lotto']).default('all'),
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  data: z.object({
    items: z.array(payoutItem),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

const claimBody = z
  .object({
    day: isoDate
      .optional()
      .describe(
        "The day the member was shown. The period is always the server's yesterday (G3); another day is refused (window closed or not open yet)",
      ),
  })
  .default({});

const claimAnswer = z.object({
  claim: payoutItem,
  repeated: z
    .boolean()
    .describe('True when this day was claimed before: the first claim, nothing paid again'),
});

export const lossClaim = endpoint({
  method: 'POST',
  path: '/api/cashback/loss/claim',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: "Claim yesterday's casino and slot loss cashback (5%, from 1 baht) to the main wallet",
  body: claimBody,
  data: claimAnswer,
});

export const lottoClaim = endpoint({
  method: 'POST',
  path: '/api/cashback/loss/lotto_claim',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: "Claim yesterday's lotto loss cashback (bills resulted yesterday) to the main wallet",
  body: claimBody,
  data: claimAnswer,
});

export const turnoverHistory = endpoint({
  method: 'GET',
  path: '/api/cashback/turnover/history',
  tag,
  auth: 'member',
  summary: "The member's turnover commission, paid at 01:00 for the day before, newest day first",
  query: z.object({
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  data: z.object({
    enabled: z.boolean(),
    rate_percent: percent,
    minimum: baht,
    categories: z.array(z.object({ category: z.enum(figureCategories), label: z.string() })),
    today: z.object({
      day,
      turnover: baht.describe('Settled turnover of today so far in the counted categories'),
      estimate: baht.describe('What it would pay at tomorrow 01:00 (0.00 below the minimum)'),
    }),
    items: z.array(payoutItem),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

const winlossFigure = z.object({
  stake: baht,
  payout: baht,
  net: baht.describe('payout − stake: positive when the member won'),
});

export const memberWinloss = endpoint({
  method: 'GET',
  path: '/api/member/winloss',
  tag,
  auth: 'member',
  summary: 'Stake, payout and net per day and category over the last 90 days, lotto included (added)',
  query: z.object({ days: wholeNumber(1, 90).default(90) }),
  data: z.object({
    from: day,
    to: day,
    days: z.array(
      winlossFigure.extend({
        day,
        lines: z.array(
          winlossFigure.extend({
            category: z.enum(figureCategories),
            label: z.string(),
            count: z.number().int(),
          }),
        ),
      }),
    ),
    categories: z.array(winlossFigure.extend({ category: z.enum(figureCategories), label: z.string() })),
    total: winlossFigure,
  }),
});

// ─── Operator ───────────────────────────────────────────────────────────────────────────────────

const percentInput = z
  .string({ error: 'กรุณากรอกเปอร์เซ็นต์' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'เปอร์เซ็นต์ต้องเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง' })
  .refine(
    (s) => {
      const n = Number(s);
      return n >= 0.01 && n <= 100;
    },
    { error: 'เปอร์เซ็นต์ต้องอยู่ระหว่าง 0.01 ถึง 100' },
  );
const minimumInput = bahtAmount()
  .refine((s) => s !== '0.00', { error: 'ยอดขั้นต่ำต้องมากกว่า 0 บาท' })
  .refine((s) => Number(s) <= 1_000_000, { error: 'ยอดขั้นต่ำต้องไม่เกิน 1,000,000 บาท' });

export const cashbackSettings = z.object({
  loss: z.object({
    enabled: z.boolean(),
    rate_percent: percent.describe('Casino and slot loss cashback'),
    lotto_rate_percent: percent.describe('Lotto loss cashback'),
    minimum: baht,
  }),
  commission: z.object({ enabled: z.boolean(), rate_percent: percent, minimum: baht }),
});

export const adminCashbackSettings = endpoint({
  method: 'GET',
  path: '/api/admin/cashback/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'finance', 'content'],
  summary: 'Loss cashback and turnover commission rates, minimums and switches',
  data: cashbackSettings,
});

export const adminUpdateCashbackSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/cashback/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary:
    'Change the loss cashback and/or turnover commission settings (audited); applies to claims and runs from now',
  body: z.object({
    loss: z
      .object({
        enabled: z.boolean(),
        rate_percent: percentInput,
        lotto_rate_percent: percentInput,
        minimum: minimumInput,
      })
      .optional(),
    commission: z
      .object({ enabled: z.boolean(), rate_percent: percentInput, minimum: minimumInput })
      .optional(),
  }),
  data: cashbackSettings,
});

export const adminCashbackRerun = endpoint({
  method: 'POST',
  path: '/api/admin/cashback/rerun',
  tag: 'admin',
  auth: 'staff',
  money: true,
  roles: ['owner', 'finance'],
  summary:
    "Compute a past day's loss cashback, lotto loss cashback or turnover commission again and pay every member not paid yet for it; nothing is paid twice (audited)",
  body: z.object({
    kind: z.enum(payoutKinds, { error: 'กรุณาเลือกประเภท' }),
    day: isoDate,
  }),
  data: z.object({
    kind: z.enum(payoutKinds),
    day,
    members: z.number().int().describe('Members with settled play in the counted categories that day'),
    paid: z.number().int().describe('Paid by this run'),
    paid_amount: baht,
    held: z.number().int().describe('Held by the risk rule (G5) by this run, waiting for an operator'),
    held_amount: baht,
    withheld: z
      .number()
      .int()
      .describe('Due during the member’s time-out or self-exclusion: recorded, never paid'),
    withheld_amount: baht,
    already: z.number().int().describe('Paid (or held) before: nothing paid again'),
    below_minimum: z.number().int().describe('Nothing due: no loss, or under the minimum'),
  }),
});

export const cashbackEndpoints = [
  lossStatus,
  lossHistory,
  lossClaim,
  lottoClaim,
  turnoverHistory,
  memberWinloss,
  adminCashbackSettings,
  adminUpdateCashbackSettings,
  adminCashbackRerun,
];
