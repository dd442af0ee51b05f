import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { baht, bigIdParam, idParam, intId, isoDate, timestamp, wholeNumber } from '../fields.ts';
import { paged, pageQuery } from './admin-console.ts';
import {
  betType,
  deriveRule,
  rate,
  resultConfirmation,
  roundResult,
  roundStatus,
  roundSummary,
} from './lotto.ts';

/**
 * The lottery section of the operator console (docs/rules/lottery.md): markets and schedules,
 * rounds, results with a preview and a correction flow, per-round rate overrides (§3), เลขอั้น, the
 * live exposure per number and yeekee shot lists. Every change is audited in its transaction.
 */
const tag = 'admin-lotto';
const roles = ['owner', 'lotto'] as const;

/** The console's paging (apps/backoffice/README.md). */
const paging = pageQuery;
const page = paged;

const reason = z
  .string({ error: 'กรุณาระบุเหตุผล' })
  .trim()
  .min(1, { error: 'กรุณาระบุเหตุผล' })
  .max(500, { error: 'เหตุผลยาวเกิน 500 ตัวอักษร' });

/** A rate as an operator types it: "90", "3.2" or "3.20" (at most two decimals). */
const rateInput = z
  .string({ error: 'กรุณากรอกอัตราจ่าย' })
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'อัตราจ่ายต้องเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง' });
const bahtLimit = wholeNumber(1, 100_000_000, 'กรุณากรอกจำนวนบาทเป็นจำนวนเต็มตั้งแต่ 1 บาท');

/** One bet type's setting: on/off, rate (บาทละ), min and max per item, ceiling per number (whole baht). */
export const typeSetting = z.object({
  enabled: z.boolean(),
  rate,
  min: z.number().int(),
  max: z.number().int(),
  ceiling: z.number().int(),
});
const typeSettingInput = z
  .object({
    enabled: z.boolean({ error: 'กรุณาระบุเปิดหรือปิด' }),
    rate: rateInput,
    min: bahtLimit,
    max: bahtLimit,
    ceiling: bahtLimit,
  })
  .partial();
const rateTable = z.record(betType, typeSetting);
const rateChanges = z.partialRecord(betType, typeSettingInput);

const hhmm = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'เวลาต้องอยู่ในรูปแบบ ชช:นน' });
const minutes = (max: number) => wholeNumber(0, max, 'กรุณากรอกจำนวนนาทีเป็นจำนวนเต็ม');
const mmdd = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, { error: 'วันที่ต้องอยู่ในรูปแบบ ดด-วว' });

/** A market's schedule (docs/rules/lottery.md §5, §9): monthly draw days, weekdays, or yeekee rounds. */
export const marketSchedule = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('monthly'),
      dates: z
        .array(wholeNumber(1, 31, 'วันที่ออกรางวัลต้องอยู่ระหว่าง 1–31'))
        .min(1, { error: 'กรุณาเลือกวันที่ออกรางวัลอย่างน้อย 1 วัน' })
        .max(31),
      shifts: z
        .array(z.object({ from: mmdd, to: mmdd }))
        .max(20)
        .optional(),
      close: hhmm,
      result: hhmm,
      open_before_minutes: minutes(60 * 24 * 31),
    }),
    z.object({
      type: z.literal('weekly'),
      weekdays: z
        .array(wholeNumber(0, 6, 'วันในสัปดาห์ไม่ถูกต้อง'))
        .min(1, { error: 'กรุณาเลือกวันเปิดรับอย่างน้อย 1 วัน' })
        .max(7),
      close: hhmm,
      result: hhmm,
      close_day_offset: wholeNumber(0, 1).optional(),
      open_before_minutes: minutes(60 * 24 * 7),
    }),
    z.object({
      type: z.literal('yeekee'),
      rounds: wholeNumber(1, 96, 'จำนวนรอบต่อวันต้องอยู่ระหว่าง 1–96'),
      first_close: hhmm,
      interval_minutes: wholeNumber(5, 60, 'ระยะห่างแต่ละรอบต้องอยู่ระหว่าง 5–60 นาที'),
      open: hhmm,
      shoot_extra_minutes: wholeNumber(0, 10, 'เวลายิงเลขเพิ่มต้องอยู่ระหว่าง 0–10 นาที'),
    }),
  ],
  { error: 'รูปแบบตารางเวลาไม่ถูกต้อง' },
);

export const adminMarket = z.object({
  market_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category_id: z.string(),
  derive_rule: deriveRule,
  is_active: z.boolean(),
  sort_order: z.number().int(),
  schedule: z.record(z.string(), z.unknown()),
  rates: rateTable,
  auto_refund_no_result: z.boolean(),
  sealed_close: z.boolean(),
  cancel_before_minutes: z.number().int(),
});

export const adminMarkets = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/markets',
  tag,
  auth: 'staff',
  roles,
  summary: 'Markets with their schedules, rates per bet type and switches, in display order',
  query: z.object({ ...paging }),
  data: page(adminMarket),
});

export const adminUpdateMarket = endpoint({
  method: 'PUT',
  path: '/api/admin/lotto/markets/:id',
  tag,
  auth: 'staff',
  roles,
  summary:
    'Edit a market: name, on/off, schedule, rates per bet type, no-result refund, cancel window (audited). Rounds already open keep their rates; rounds not yet open take the new rates unless they carry an override',
  params: idParam,
  body: z
    .object({
      name: z.string().trim().min(1, { error: 'กรุณากรอกชื่อตลาด' }).max(80).optional(),
      is_active: z.boolean().optional(),
      sort_order: wholeNumber(0, 10_000).optional(),
      schedule: marketSchedule.optional(),
      rates: rateChanges.optional(),
      auto_refund_no_result: z.boolean().optional(),
      cancel_before_minutes: minutes(24 * 60).optional(),
      reason: reason.optional(),
    })
    // A reason alone changes nothing.
    .refine((v) => Object.entries(v).some(([k, x]) => k !== 'reason' && x !== undefined), {
      error: 'กรุณาระบุสิ่งที่ต้องการแก้ไข',
    }),
  data: adminMarket.extend({ scheduled_rounds_updated: z.number().int() }),
});

export const adminRoundRow = roundSummary.extend({
  result: roundResult.nullable(),
  result_version: z.number().int(),
  rate_overridden: z.boolean(),
  bills: z.number().int(),
  total_stake: baht,
});

export const adminRound = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id',
  tag,
  auth: 'staff',
  roles,
  summary:
    "One round for the console: times, result and its raw output, rates (the market's and the round's), bills",
  params: bigIdParam,
  data: adminRoundRow.extend({
    result_raw: z.record(z.string(), z.unknown()).nullable(),
    resulted_at: timestamp.nullable(),
    settled_at: timestamp.nullable(),
    cancel_reason: z.string().nullable(),
    rates: rateTable,
    market_rates: rateTable,
    rate_overrides: z.partialRecord(betType, typeSetting.partial()).nullable(),
    shot_count: z.number().int(),
    bill_counts: z.object({
      pending: z.number().int(),
      won: z.number().int(),
      lost: z.number().int(),
      cancelled: z.number().int(),
      refunded: z.number().int(),
    }),
    total_win: baht,
    server_now: timestamp,
    result_review: z
      .boolean()
      .describe('the proposals of its next result disagreed (docs/rules/lottery.md §8)'),
    scheduled_close_at: timestamp
      .nullable()
      .describe("the schedule's close of a round the owner closed early"),
    template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
});

export const adminOpenRound = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/open',
  tag,
  auth: 'staff',
  roles,
  summary:
    "Create a market's rounds of a business date as the scheduler would (idempotent) and open one now for betting (audited)",
  body: z.object({
    market_id: intId,
    business_date: isoDate,
    round_no: wholeNumber(1, 96).default(1),
    reason: reason.optional(),
  }),
  data: roundSummary.extend({ created: z.number().int(), opened: z.boolean() }),
});

const resultOutcome = z.object({
  round_id: z.number().int(),
  status: roundStatus,
  confirmation: resultConfirmation,
  result: roundResult,
  result_version: z.number().int(),
  settled_bills: z.number().int(),
  paid: baht,
});

export const adminPreviewResult = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result/preview',
  tag,
  auth: 'staff',
  roles,
  summary:
    "Derive a market's official output by its rule without saving: the numbers each bet type wins and what the round would pay",
  params: bigIdParam,
  body: z.object({ raw: z.record(z.string(), z.unknown()) }),
  data: z.object({
    round_id: z.number().int(),
    derive_rule: deriveRule,
    result: roundResult,
    winning: z.array(z.object({ bet_type: betType, label: z.string(), numbers: z.array(z.string()) })),
    current: roundResult.nullable(),
    current_version: z.number().int(),
    same_as_current: z.boolean(),
    winning_items: z.number().int(),
    winning_bills: z.number().int(),
    would_pay: baht,
    paid_now: baht,
  }),
});

export const adminCorrectResult = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result/correct',
  tag,
  auth: 'staff',
  roles,
  money: true,
  summary:
    'Propose a correction of a saved result; when a second person enters the same, the wins of the version read are reversed and the round re-settled once; a retry of the same correction answers it again (audited with the reason)',
  params: bigIdParam,
  body: z.object({
    raw: z.record(z.string(), z.unknown()),
    reason,
    expected_version: wholeNumber(1, 1_000_000),
  }),
  data: resultOutcome.extend({ replayed: z.boolean() }),
});

export const adminRoundRates = endpoint({
  method: 'PUT',
  path: '/api/admin/lotto/rounds/:id/rates',
  tag,
  auth: 'staff',
  roles,
  summary:
    "Override a round's rates and limits per bet type (docs/rules/lottery.md §3), or reset them to the market's; placed bills keep their rates (audited)",
  params: bigIdParam,
  body: z.object({
    rates: rateChanges.default({}),
    reset_to_market: z.boolean().default(false),
    reason,
  }),
  data: z.object({
    round_id: z.number().int(),
    rates: rateTable,
    rate_overrides: z.partialRecord(betType, typeSetting.partial()).nullable(),
  }),
});

export const adminNumberLimits = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id/number_limits',
  tag,
  auth: 'staff',
  roles,
  summary: "A round's เลขอั้น with the stake accepted and what is left under each",
  params: bigIdParam,
  data: z.object({
    round_id: z.number().int(),
    items: z.array(
      z.object({
        bet_type: betType,
        label: z.string(),
        number: z.string(),
        action: z.enum(['closed', 'reduced_rate', 'capped']),
        rate: rate.nullable(),
        cap: z.number().int().nullable(),
        accepted: baht,
        remaining: baht.nullable(),
      }),
    ),
  }),
});

const exposureRow = z.object({
  bet_type: betType,
  label: z.string(),
  number: z.string(),
  stake: baht,
  payout: baht,
  items: z.number().int(),
  ceiling: baht,
  remaining: baht,
  limit: z.enum(['closed', 'reduced_rate', 'capped']).nullable(),
});

export const adminExposure = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id/exposure',
  tag,
  auth: 'staff',
  roles,
  summary:
    'Live exposure: per bet type and number, the stake accepted and what the house pays if it comes; the top N by payout and a lookup of one number',
  params: bigIdParam,
  query: z.object({
    bet_type: betType.optional(),
    number: z
      .string()
      .regex(/^[0-9]{1,3}$/, { error: 'เลขต้องเป็นตัวเลข 1–3 หลัก' })
      .optional(),
    top: wholeNumber(1, 200).default(20),
  }),
  data: z.object({
    round_id: z.number().int(),
    status: roundStatus,
    server_now: timestamp,
    totals: z.array(
      z.object({
        bet_type: betType,
        label: z.string(),
        stake: baht,
        max_payout: baht,
        items: z.number().int(),
      }),
    ),
    top: z.array(exposureRow),
    lookup: z.array(exposureRow).nullable(),
  }),
});

export const adminYeekeeRounds = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/yeekee/rounds',
  tag,
  auth: 'staff',
  roles,
  summary: "A business day's yeekee rounds with their shot counts and derived results (S, P16, R)",
  query: z.object({ date: isoDate.optional(), status: roundStatus.optional(), ...paging }),
  data: page(
    roundSummary.extend({
      shot_count: z.number().int(),
      result: roundResult.nullable(),
      sum: z.string().nullable(),
      p16: z.number().int().nullable(),
      r: z.string().nullable(),
      chain_head: z.string().nullable(),
      seal_commitment: z.string().nullable(),
    }),
  ),
});

export const adminYeekeeShots = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/yeekee/rounds/:id/shots',
  tag,
  auth: 'staff',
  roles,
  summary:
    "A yeekee round's published shot list once shooting has closed: seq, who (masked), number, time and hash",
  params: bigIdParam,
  query: z.object({ ...paging }),
  data: page(
    z.object({
      seq: z.number().int(),
      member_id: z.number().int(),
      member: z.string().describe('the phone number masked'),
      member_ref: z.string(),
      number: z.string(),
      server_ts: timestamp,
      hash: z.string(),
    }),
  ).extend({ published: z.boolean(), shot_count: z.number().int() }),
});

const resultEntry = z.object({
  id: z.number().int(),
  target_version: z.number().int(),
  source: z.enum(['staff', 'feed']),
  staff: z.string().nullable(),
  mine: z.boolean(),
  feed_source: z.string().nullable(),
  state: z.enum(['open', 'applied', 'mismatch', 'superseded']),
  result: roundResult
    .nullable()
    .describe("null: another person's open proposal, hidden until you enter yours"),
  raw: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  created_at: timestamp,
  closed_at: timestamp.nullable(),
});

export const adminResultEntries = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id/result/entries',
  tag,
  auth: 'staff',
  roles,
  summary:
    "A round's result proposals (docs/rules/lottery.md §8): the official feed's with its source and time, your own, and another person's numbers only once closed",
  params: bigIdParam,
  data: z.object({
    round_id: z.number().int(),
    status: roundStatus,
    result_version: z.number().int(),
    review: z.boolean(),
    review_at: timestamp.nullable(),
    draw_at: timestamp,
    server_now: timestamp,
    feed: z
      .object({
        configured: z.boolean(),
        attempts: z.number().int(),
        last_status: z.enum(['waiting', 'not_yet', 'error', 'disagree', 'proposed']).nullable(),
        last_error: z.string().nullable(),
        next_at: timestamp.nullable(),
      })
      .nullable()
      .describe('the official feed, for a GLO round'),
    entries: z.array(resultEntry),
  }),
});

export const adminFetchOfficialResult = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result/fetch',
  tag,
  auth: 'staff',
  roles,
  summary:
    "Ask the Government Lottery Office's publication for a GLO round's result now (from its draw time): a published result becomes the feed's proposal",
  params: bigIdParam,
  data: z.object({
    round_id: z.number().int(),
    outcome: z.enum(['proposed', 'not_yet', 'error', 'disagree', 'done']),
    confirmation: resultConfirmation.nullable(),
  }),
});

export const adminReopenRound = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/reopen',
  tag,
  auth: 'staff',
  roles: ['owner'] as const,
  summary: 'Reopen a round the owner closed early, until its scheduled close (owner only, audited)',
  params: bigIdParam,
  body: z.object({ reason }),
  data: roundSummary,
});

const templateLimit = z.object({
  bet_type: betType,
  number: z.string().regex(/^[0-9]{1,3}$/, { error: 'เลขต้องเป็นตัวเลข 1–3 หลัก' }),
  action: z.enum(['closed', 'reduced_rate', 'capped']),
  rate: rateInput.nullable().optional(),
  cap: bahtLimit.nullable().optional(),
});

export const adminTemplate = z.object({
  id: z.number().int(),
  market_id: z.number().int(),
  market_name: z.string(),
  name: z.string(),
  rates: z.partialRecord(betType, typeSetting.partial()).nullable(),
  number_limits: z.array(
    z.object({
      bet_type: betType,
      label: z.string(),
      number: z.string(),
      action: z.enum(['closed', 'reduced_rate', 'capped']),
      rate: rate.nullable(),
      cap: z.number().int().nullable(),
    }),
  ),
  is_active: z.boolean(),
  updated_at: timestamp,
  updated_by: z.string().nullable(),
});

export const adminTemplates = endpoint({
  method: 'GET',
  path: '/api/admin/lotto/templates',
  tag,
  auth: 'staff',
  roles,
  summary:
    "Rate and number-limit templates per market; a market's active template is applied to every round the scheduler creates",
  query: z.object({ market_id: intId.optional() }),
  data: z.object({ items: z.array(adminTemplate) }),
});

export const adminSaveTemplate = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/templates',
  tag,
  auth: 'staff',
  roles,
  summary:
    "Create (no id) or replace a market's template: rate changes against the market's rates, number limits, and whether the scheduler applies it to new rounds (audited)",
  body: z.object({
    id: intId.optional(),
    market_id: intId,
    name: z
      .string()
      .trim()
      .min(1, { error: 'กรุณากรอกชื่อแม่แบบ' })
      .max(80, { error: 'ชื่อแม่แบบยาวเกิน 80 ตัวอักษร' }),
    rates: rateChanges.default({}),
    number_limits: z.array(templateLimit).max(500, { error: 'เลขอั้นในแม่แบบได้ไม่เกิน 500 รายการ' }).default([]),
    is_active: z.boolean().default(true),
  }),
  data: adminTemplate,
});

export const adminDeleteTemplate = endpoint({
  method: 'POST',
  path: '/api/admin/lotto/templates/:id/delete',
  tag,
  auth: 'staff',
  roles,
  summary: 'Delete a template; rounds already created keep what it gave them (audited)',
  params: idParam,
  data: z.object({ id: z.number().int(), deleted: z.boolean() }),
});

/** Every endpoint of the console's lottery section, for the OpenAPI document. */
export const adminLottoEndpoints: Endpoint[] = [
  adminMarkets,
  adminUpdateMarket,
  adminRound,
  adminOpenRound,
  adminPreviewResult,
  adminCorrectResult,
  adminRoundRates,
  adminNumberLimits,
  adminExposure,
  adminYeekeeRounds,
  adminYeekeeShots,
  adminResultEntries,
  adminFetchOfficialResult,
  adminReopenRound,
  adminTemplates,
  adminSaveTemplate,
  adminDeleteTemplate,
];
