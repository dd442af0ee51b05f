import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, bahtAmount, bigId, intId, timestamp, wholeNumber } from '../fields.ts';

const tag = 'wheel';

/**
 * Prize wheel v2 (กงล้อ), docs/rules/engagement.md §9: one free spin a Bangkok day, extra spins for
 * points, the draw on the server (committed before the answer), the prize credited by `reward` or
 * automatically after 24 h, and the board of big prizes. The v1 `config` and `spin` serve the same
 * data in the older shape.
 */
export const wheelPrizeKinds = ['none', 'points', 'free_credit'] as const;
export const wheelPayments = ['free', 'points'] as const;

const prize = z.object({
  index: z.number().int().describe('Position on the wheel, 0 first, clockwise from the pointer'),
  label: z.string().describe('What the segment says (Thai)'),
  kind: z.enum(wheelPrizeKinds),
  amount: z
    .string()
    .describe('Whole points for a points prize, baht ("20.00") for free credit, "0" for none'),
});

const claim = z.object({
  status: z
    .enum(['paid', 'held', 'rejected', 'withheld'])
    .describe('withheld: credited automatically during a time-out or self-exclusion, never paid'),
  reward_kind: z.enum(['points', 'free_credit', 'main', 'none']),
  amount: z.string(),
  held: z.boolean().describe('Waiting for an operator (docs/rules/engagement.md §0 G5)'),
});

const spin = z.object({
  spin_id: z.number().int(),
  version: z.number().int(),
  prize_index: z.number().int(),
  prize,
  paid_with: z.enum(wheelPayments),
  points_spent: z.number().int(),
  spin_date: z.string().describe('Bangkok date of the spin (YYYY-MM-DD)'),
  created_at: timestamp,
  auto_credit_at: timestamp.describe('When an unclaimed prize is credited on its own'),
  rewarded_at: timestamp.nullable(),
  claim: claim.nullable(),
});

const setting = z.object({
  version: z.number().int(),
  free_spins_per_day: z.number().int(),
  points_per_spin: z.number().int().describe('Points an extra spin costs'),
  extra_spins_per_day: z.number().int(),
  extra_spins_left: z.number().int().describe("The member's paid spins left today"),
  points: z.number().int().describe("The member's point balance"),
  spin_date: z.string().describe('Today in Bangkok (YYYY-MM-DD), the day the counts are for'),
  auto_credit_hours: z.number().int(),
});

export const wheelConfigV2 = endpoint({
  method: 'GET',
  path: '/api/wheel/config_v2',
  tag,
  auth: 'member',
  summary: "The wheel's settings and prizes, the member's free spins left today and unclaimed prizes",
  data: z.object({
    setting,
    prizes: z.array(prize),
    free_spins: z.number().int().describe('Free spins left today'),
    unclaimed: z.array(spin).describe('Spins whose prize was not claimed yet, newest first'),
  }),
});

const v1Prize = z.object({
  id: z.number().int().describe('The prize index'),
  name: z.string(),
  type: z.enum(wheelPrizeKinds),
  value: z.string(),
});

export const wheelConfig = endpoint({
  method: 'GET',
  path: '/api/wheel/config',
  tag,
  auth: 'member',
  summary: 'The wheel in the v1 shape: configs and prizes',
  data: z.object({
    configs: z.object({
      version: z.number().int(),
      free_spin_per_day: z.number().int(),
      free_spin_left: z.number().int(),
      point_per_spin: z.number().int(),
      point_spin_per_day: z.number().int(),
      point_spin_left: z.number().int(),
      point: z.number().int(),
    }),
    prizes: z.array(v1Prize),
  }),
});

const spinBody = z
  .object({
    pay: z
      .enum(['auto', 'free', 'points'])
      .default('auto')
      .describe('auto: the free spin first, then points; free: only the free spin; points: only points'),
  })
  .default({ pay: 'auto' });

/**
 * The v1 spin's body: a client of the specification sends none. Without a choice only the day's free
 * spin is used; points are spent only when the member chose them (`points`, or `auto`), so a spin
 * sent without one after the free spin is refused in Thai (WHEEL_NO_SPINS) instead of taking 100 points.
 */
const spinV1Body = z
  .object({
    pay: z
      .enum(['auto', 'free', 'points'])
      .optional()
      .describe('As spin_v2; absent: only the free spin (points are never spent without a choice)'),
  })
  .default({});

export const wheelSpinV2 = endpoint({
  method: 'POST',
  path: '/api/wheel/spin_v2',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: 'Spin: the free spin or the points are taken and the prize drawn, committed before the answer',
  body: spinBody,
  data: spin.extend({
    free_spins: z.number().int().describe('Free spins left today after this one'),
    extra_spins_left: z.number().int(),
    points: z.number().int().describe('Point balance after this spin'),
  }),
});

export const wheelSpin = endpoint({
  method: 'POST',
  path: '/api/wheel/spin',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: 'Spin, answered in the v1 shape; without `pay` only the free spin',
  body: spinV1Body,
  data: z.object({
    spin_id: z.number().int(),
    prize_id: z.number().int().describe('The prize index the wheel stops at'),
    prize: v1Prize,
    free_spin_left: z.number().int(),
    point_spin_left: z.number().int(),
    point: z.number().int(),
  }),
});

export const wheelReward = endpoint({
  method: 'POST',
  path: '/api/wheel/reward',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: "Credit a spin's prize (once: a repeat answers the first credit)",
  body: z.object({ spin_id: bigId }),
  data: z.object({
    spin_id: z.number().int(),
    prize_index: z.number().int(),
    prize,
    claim,
    repeated: z.boolean().describe('The prize was credited before; nothing moved this time'),
  }),
});

export const wheelBoard = endpoint({
  method: 'GET',
  path: '/api/wheel/board',
  tag,
  auth: 'member',
  summary: 'The last 20 prizes of 20 baht or more, with names masked',
  data: z.array(
    z.object({
      spin_id: z.number().int(),
      name: z.string().describe('First name and the first letter of the surname: สมชาย ใ***'),
      phone: z.string().describe('08x-xxx-5678'),
      prize_label: z.string(),
      amount: baht,
      created_at: timestamp,
    }),
  ),
});

export const wheelHistory = endpoint({
  method: 'GET',
  path: '/api/wheel/history',
  tag,
  auth: 'member',
  summary: "The member's spins, newest first, paged; `paid_with=points` for the points tab (added)",
  query: z.object({
    paid_with: z.enum(wheelPayments).optional(),
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  data: z.object({
    items: z.array(spin),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

// ─── Operator ───────────────────────────────────────────────────────────────────────────────────

const label = z
  .string()
  .trim()
  .min(1, { error: 'กรุณาระบุชื่อรางวัล' })
  .max(40, { error: 'ชื่อรางวัลยาวได้ไม่เกิน 40 ตัวอักษร' });
const weight = wholeNumber(0, 1_000_000, 'น้ำหนักต้องเป็นจำนวนเต็ม 0 ถึง 1,000,000');

const prizeInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none'), label, weight }),
  z.object({
    kind: z.literal('points'),
    label,
    weight,
    points: wholeNumber(1, 1_000_000, 'แต้มต้องเป็นจำนวนเต็ม 1 ถึง 1,000,000'),
  }),
  z.object({
    kind: z.literal('free_credit'),
    label,
    weight,
    amount: bahtAmount().describe('Baht, more than 0 and at most 100,000'),
  }),
]);

const adminPrize = prize.extend({
  weight: z.number().int(),
  chance: z.string().describe('weight / Σ weights, percent with 4 decimals'),
});

const adminVersion = z.object({
  version: z.number().int(),
  current: z.boolean(),
  free_spins_per_day: z.number().int(),
  points_per_extra_spin: z.number().int(),
  extra_spins_per_day: z.number().int(),
  prizes: z.array(adminPrize),
  total_weight: z.number().int(),
  expected_free_credit: baht.describe('Expected free credit per spin, from the weights'),
  expected_points: z.string().describe('Expected points per spin, 2 decimals'),
  created_at: timestamp,
  created_by: z.number().int().nullable(),
});

export const adminWheelVersions = endpoint({
  method: 'GET',
  path: '/api/admin/wheel/versions',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content', 'finance', 'support'],
  summary: "The wheel's versions (settings, prizes, weights, expected cost), newest first",
  data: z.array(adminVersion),
});

export const adminCreateWheelVersion = endpoint({
  method: 'POST',
  path: '/api/admin/wheel/versions',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: 'Publish a new version of the prizes, weights and settings (old versions never change; audited)',
  body: z.object({
    free_spins_per_day: wholeNumber(0, 100),
    points_per_extra_spin: wholeNumber(1, 1_000_000),
    extra_spins_per_day: wholeNumber(0, 1_000),
    prizes: z
      .array(prizeInput)
      .min(2, { error: 'วงล้อต้องมีรางวัลอย่างน้อย 2 ช่อง' })
      .max(24, { error: 'วงล้อมีรางวัลได้ไม่เกิน 24 ช่อง' }),
  }),
  data: adminVersion,
});

export const adminWheelSpins = endpoint({
  method: 'GET',
  path: '/api/admin/wheel/spins',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content', 'finance', 'support'],
  summary: 'Spins, newest first, paged (of one member with member_id)',
  query: z.object({
    member_id: intId.optional(),
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(50),
    page_size: wholeNumber(1, 200).optional().describe('the console’s page size (wins over per_page)'),
  }),
  data: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        member_id: z.number().int(),
        phone: z.string(),
        version: z.number().int(),
        prize_index: z.number().int(),
        prize_label: z.string(),
        kind: z.enum(wheelPrizeKinds),
        amount: z.string(),
        paid_with: z.enum(wheelPayments),
        points_spent: z.number().int(),
        spin_date: z.string(),
        created_at: timestamp,
        rewarded_at: timestamp.nullable(),
        claim_id: z.number().int().nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const wheelEndpoints = [
  wheelConfigV2,
  wheelConfig,
  wheelSpinV2,
  wheelSpin,
  wheelReward,
  wheelBoard,
  wheelHistory,
  adminWheelVersions,
  adminCreateWheelVersion,
  adminWheelSpins,
];
