import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, bigIdParam, phone, timestamp, wholeNumber } from '../fields.ts';

const tag = 'rewards';

/** The free-credit wallet's turnover requirement, progress and cap (docs/rules/casino.md §1.3). */
export const freeCreditProgress = endpoint({
  method: 'GET',
  path: '/api/member/free-credit',
  tag,
  auth: 'member',
  summary: "The free-credit wallet's turnover requirement, progress and withdrawal cap (added)",
  data: z.object({
    balance: baht,
    requirement: baht.describe('Σ grant × 5 since the wallet last moved to main or closed out'),
    played: baht.describe('Settled stake from the wallet towards the requirement (at most the requirement)'),
    remaining: baht,
    cap: baht.describe('The most that moves to main when the requirement is met; the rest is forfeited'),
    met: z.boolean(),
    open_round: z
      .boolean()
      .describe('A round from the wallet waits for its result; nothing moves until it ends'),
  }),
});

/**
 * `held`: waiting for an operator (G5); `paid`, `rejected`: an operator decided; `withheld`: fell due
 * during the member's time-out or self-exclusion, never paid (docs/rules/protection.md §3.2).
 */
export const rewardHoldStatuses = ['held', 'paid', 'rejected', 'withheld'] as const;

const hold = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  phone,
  feature: z.string(),
  feature_label: z.string(),
  period_key: z.string(),
  reward_kind: z.enum(['points', 'free_credit', 'main', 'none']),
  amount: baht,
  status: z.enum(rewardHoldStatuses),
  hold_reason: z.string().nullable(),
  reference: z.string(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
  second_approval_needed: z
    .boolean()
    .describe('cash or free credit from the second-approval amount: two operators release it'),
  first_approval_by: z.number().int().nullable().describe('the operator who approved it first'),
  first_approval_username: z.string().nullable(),
  first_approval_at: timestamp.nullable(),
});

export const adminRewardHolds = endpoint({
  method: 'GET',
  path: '/api/admin/rewards/holds',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'finance', 'support'],
  summary: 'Rewards held by the risk rule (G5) and their decisions, newest first',
  query: z.object({
    status: z.enum(rewardHoldStatuses).default('held'),
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(50),
    page_size: wholeNumber(1, 200).optional().describe('the console’s page size (wins over per_page)'),
  }),
  data: z.object({
    items: z.array(hold),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const adminReleaseRewardHold = endpoint({
  method: 'POST',
  path: '/api/admin/rewards/holds/:id/release',
  tag: 'admin',
  auth: 'staff',
  money: true,
  roles: ['owner', 'finance'],
  summary:
    'Pay a held reward (audited). From the second-approval amount the first call records an approval (still held) and another operator’s call pays it; the same operator again is refused (SECOND_APPROVER_REQUIRED)',
  params: bigIdParam,
  data: hold,
});

export const adminRejectRewardHold = endpoint({
  method: 'POST',
  path: '/api/admin/rewards/holds/:id/reject',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary: 'Refuse a held reward with a reason (audited)',
  params: bigIdParam,
  body: z.object({ reason: z.string().trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500) }),
  data: hold,
});

const holdSettings = z.object({
  second_approval: baht.describe(
    'held cash and free credit from this amount need a second operator to release',
  ),
});

export const adminRewardHoldSettings = endpoint({
  method: 'GET',
  path: '/api/admin/rewards/holds/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'finance', 'support'],
  summary: 'The amount from which a held reward takes two operators to release',
  data: holdSettings,
});

export const adminUpdateRewardHoldSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/rewards/holds/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner'],
  summary: 'The owner changes the second-approval amount of held rewards (audited)',
  body: z.object({
    second_approval: wholeNumber(1, 10_000_000, 'ยอดที่ต้องอนุมัติสองคนต้องเป็นจำนวนเต็มบาท 1–10,000,000'),
  }),
  data: holdSettings,
});

export const rewardsEndpoints = [
  freeCreditProgress,
  adminRewardHolds,
  adminReleaseRewardHold,
  adminRejectRewardHold,
  adminRewardHoldSettings,
  adminUpdateRewardHoldSettings,
];
