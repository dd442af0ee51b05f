import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { baht, bahtAmount, bigId, idParam, timestamp, wholeNumber } from '../fields.ts';

/**
 * Deposit promotions (docs/rules/engagement.md §1): the member's running promotion and its cancel,
 * and the operator's promotions (create, edit as a new version, end). The public list is
 * `GET /api/promotion/list` (api/content.ts), served by the payments module with each promotion's
 * rules and whether the member may take it.
 */
const tag = 'promotions';
const adminTag = 'admin-promotions';
const editorRoles = ['owner', 'content'] as const;

export const promotionKinds = ['percent', 'fixed'] as const;
export const promotionEligibilities = ['first_of_day', 'first_ever', 'every'] as const;
export const memberPromotionStatuses = ['active', 'completed', 'expired', 'lost', 'cancelled'] as const;

/** A promotion's deposit rule as members and operators read it. */
export const promotionTerms = z.object({
  kind: z.enum(promotionKinds),
  percent: z.number().int().nullable().describe('kind percent: whole percent of the deposit'),
  fixed_bonus: baht.nullable().describe('kind fixed: the bonus in baht'),
  cap: baht.nullable().describe('the most a percent bonus pays'),
  min_deposit: baht,
  turnover_multiplier: z.number().int().describe('requirement = (deposit + bonus) × this'),
  eligibility: z.enum(promotionEligibilities),
  max_withdraw: baht.nullable().describe('the most that moves to main when turnover is met; null: all'),
  expiry_days: z.number().int(),
  categories: z.array(z.string()).describe('Thai names of the game categories the bonus wallet plays'),
  lines: z.array(z.string()).describe('the rules in plain Thai, one line each'),
});

const activePromotion = z.object({
  id: z.number().int().describe('member promotion id (what cancel takes)'),
  promotion_id: z.number().int(),
  title: z.string(),
  deposit: baht,
  bonus: baht,
  bonus_wallet: baht.describe("the bonus wallet's balance now"),
  turnover: baht.describe('settled stake from the bonus wallet since the promotion was taken'),
  required_turnover: baht,
  remaining_turnover: baht,
  progress_percent: z.number().int().min(0).max(100),
  max_withdraw: baht.nullable(),
  taken_at: timestamp,
  ends_at: timestamp,
  open_round: z.boolean().describe('a round from the bonus wallet waits for its result; cancel waits for it'),
  cancel_returns: baht.describe('what a cancel now moves to main: min(bonus wallet, deposit)'),
  cancel_forfeits: baht,
  lines: z.array(z.string()),
});

const promotionHistoryItem = z.object({
  id: z.number().int(),
  promotion_id: z.number().int(),
  title: z.string(),
  deposit: baht,
  bonus: baht,
  required_turnover: baht,
  status: z.enum(memberPromotionStatuses),
  status_label: z.string(),
  taken_at: timestamp,
  ends_at: timestamp,
  closed_at: timestamp.nullable(),
  released: baht.nullable().describe('moved from the bonus wallet to main when it closed'),
  forfeited: baht.nullable(),
});

export const memberPromotions = endpoint({
  method: 'GET',
  path: '/api/member/promotions',
  tag,
  auth: 'member',
  summary:
    "Added: the member's running promotion (turnover progress, bonus wallet, expiry) and promotion history",
  data: z.object({ active: activePromotion.nullable(), history: z.array(promotionHistoryItem) }),
});

export const cancelPromotion = endpoint({
  method: 'POST',
  path: '/api/member/promotions/cancel',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary:
    'Added: cancel the running promotion (§1.5): min(bonus wallet, deposit) to main, the rest forfeited',
  body: z.object({ id: bigId.describe('the running member promotion, as /api/member/promotions shows it') }),
  data: z.object({
    status: z.enum(memberPromotionStatuses),
    status_label: z.string(),
    released: baht,
    forfeited: baht,
    message: z.string(),
  }),
});

// ── operator ──

const money = (what: string) =>
  bahtAmount({ required: `กรุณาระบุ${what}`, format: `${what}ไม่ถูกต้อง`, tooBig: `${what}สูงเกินไป` });

/** The fields an operator sends, without defaults (a new version copies what is left out). */
const fields = {
  title: z.string().trim().min(1, { error: 'กรุณากรอกชื่อโปรโมชั่น' }).max(200),
  description: z.string().max(5000),
  image: z.string().trim().min(1).max(500).nullable(),
  terms: z.string().max(10000),
  sort_order: z.number().int().min(0).max(10000),
  kind: z.enum(promotionKinds, { error: 'กรุณาเลือกประเภทโบนัส' }),
  percent: wholeNumber(1, 1000, 'เปอร์เซ็นต์โบนัสต้องเป็นจำนวนเต็ม 1–1000').nullable(),
  fixed_bonus: money('โบนัส').nullable(),
  cap: money('โบนัสสูงสุด').nullable(),
  min_deposit: money('ยอดฝากขั้นต่ำ'),
  turnover_multiplier: wholeNumber(0, 100, 'จำนวนเท่าของเทิร์นต้องเป็นจำนวนเต็ม 0–100'),
  eligibility: z.enum(promotionEligibilities, { error: 'กรุณาเลือกเงื่อนไขการรับ' }),
  max_withdraw: money('ยอดถอนสูงสุด').nullable(),
  expiry_days: wholeNumber(1, 365, 'จำนวนวันต้องเป็นจำนวนเต็ม 1–365'),
};

type RuleShape = {
  kind?: (typeof promotionKinds)[number] | undefined;
  percent?: number | null | undefined;
  fixed_bonus?: string | null | undefined;
};
/** A percent promotion names its percent; a fixed one its bonus. */
function bonusGiven(r: RuleShape, ctx: z.RefinementCtx): void {
  if (r.kind === 'percent' && (r.percent === null || r.percent === undefined))
    ctx.addIssue({ code: 'custom', path: ['percent'], message: 'กรุณาระบุเปอร์เซ็นต์โบนัส' });
  if (
    r.kind === 'fixed' &&
    (r.fixed_bonus === null || r.fixed_bonus === undefined || r.fixed_bonus === '0.00')
  )
    ctx.addIssue({ code: 'custom', path: ['fixed_bonus'], message: 'กรุณาระบุจำนวนโบนัส' });
}

/**
 * A new promotion; left out: the defaults of docs/rules/engagement.md §1 (percent, 20%, cap 500 baht,
 * min 100, ×5, first of the day, no withdrawal cap, 7 days). A fixed-baht promotion names its bonus and
 * has no cap; `cap: null` is a percent promotion without one.
 */
export const promotionInput = z
  .object({
    ...fields,
    description: fields.description.default(''),
    image: fields.image.default(null),
    terms: fields.terms.default(''),
    sort_order: fields.sort_order.default(0),
    kind: fields.kind.default('percent'),
    percent: fields.percent.default(20),
    fixed_bonus: fields.fixed_bonus.default(null),
    cap: fields.cap.default('500.00'),
    min_deposit: fields.min_deposit.default('100.00'),
    turnover_multiplier: fields.turnover_multiplier.default(5),
    eligibility: fields.eligibility.default('first_of_day'),
    max_withdraw: fields.max_withdraw.default(null),
    expiry_days: fields.expiry_days.default(7),
  })
  .superRefine(bonusGiven);
/** A new version: what changes; the rest is copied from the version it replaces. */
export const promotionVersionInput = z
  .object(fields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'กรุณาระบุสิ่งที่ต้องการแก้ไข' });

const adminPromotion = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  terms: z.string(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  status: z.enum(['active', 'replaced', 'ended', 'inactive']),
  version: z.number().int(),
  replaces_id: z.number().int().nullable(),
  replaced_by: z.number().int().nullable(),
  ended_at: timestamp.nullable(),
  rules: promotionTerms.nullable(),
  running: z.number().int().describe('members whose promotion of this version is running'),
  taken: z.number().int().describe('members who took this version'),
});

export const adminPromotions = endpoint({
  method: 'GET',
  path: '/api/admin/promotions',
  tag: adminTag,
  auth: 'staff',
  roles: ['owner', 'content', 'finance', 'support'],
  summary: 'Promotions with their deposit rules, versions and how many members took and run each',
  data: z.array(adminPromotion),
});

export const adminCreatePromotion = endpoint({
  method: 'POST',
  path: '/api/admin/promotions',
  tag: adminTag,
  auth: 'staff',
  roles: editorRoles,
  summary: 'Create a deposit promotion: its texts and rule (audited)',
  body: promotionInput,
  data: adminPromotion,
});

export const adminPromotionVersion = endpoint({
  method: 'POST',
  path: '/api/admin/promotions/:id/versions',
  tag: adminTag,
  auth: 'staff',
  roles: editorRoles,
  summary:
    'Edit a promotion as a new version: the new one is offered from now on, the old one no longer; members who took the old one keep its terms (audited)',
  params: idParam,
  body: promotionVersionInput,
  data: adminPromotion,
});

export const adminEndPromotion = endpoint({
  method: 'POST',
  path: '/api/admin/promotions/:id/end',
  tag: adminTag,
  auth: 'staff',
  roles: editorRoles,
  summary: 'End a promotion: no longer offered; running member promotions keep their terms (audited)',
  params: idParam,
  data: adminPromotion,
});

export const promotionsEndpoints: Endpoint[] = [
  memberPromotions,
  cancelPromotion,
  adminPromotions,
  adminCreatePromotion,
  adminPromotionVersion,
  adminEndPromotion,
];
