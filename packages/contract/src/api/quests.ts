import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { idParam, intId, timestamp, wholeNumber } from '../fields.ts';

const tag = 'quests';

export const questTasks = ['deposit', 'bet', 'rounds', 'checkin'] as const;
export const questPeriods = ['daily', 'weekly', 'campaign'] as const;
export const questRewardKinds = ['points', 'free_credit'] as const;
export const questStatuses = ['in_progress', 'claimable', 'claimed', 'held', 'rejected', 'withheld'] as const;

const reward = z.object({
  kind: z.enum(questRewardKinds),
  amount: z.string().describe('Whole points ("20") or baht of free credit ("20.00")'),
  label: z.string().describe('What the reward is, in Thai'),
});

/** A quest with the member's progress in its current period (docs/rules/engagement.md §6). */
export const questView = z.object({
  id: z.number().int(),
  title: z.string(),
  task: z.enum(questTasks),
  period: z.enum(questPeriods),
  period_label: z.string(),
  event_id: z.number().int().nullable(),
  unit: z.enum(['baht', 'rounds', 'days']),
  target: z.string().describe('Baht ("300.00") for deposit and bet, a whole number otherwise'),
  progress: z.string().describe('Like target, capped at the target'),
  percent: z.number().int().describe('0 … 100'),
  reward,
  period_start: timestamp,
  period_end: timestamp.describe('Excluded'),
  complete: z.boolean(),
  claimable: z.boolean(),
  status: z
    .enum(questStatuses)
    .describe('claimed: paid; held: waits for an operator (G5); rejected: the operator refused it'),
  claim: z
    .object({ reward_kind: z.enum(['points', 'free_credit', 'main', 'none']), amount: z.string() })
    .nullable()
    .describe("This period's claim as it was paid (an edit of the quest does not change it)"),
});

export const questList = endpoint({
  method: 'GET',
  path: '/api/quest/list',
  tag,
  auth: 'member',
  summary: "The running quests with the member's progress in their current period",
  data: z.object({ server_time: timestamp, quests: z.array(questView) }),
});

export const questRedeem = endpoint({
  method: 'POST',
  path: '/api/quest/redeem',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: "Claim a complete quest's reward for its current period (once; a repeat returns the claim)",
  body: z.object({ quest_id: intId }),
  data: z.object({
    repeated: z.boolean().describe('Claimed before in this period: nothing was paid this time'),
    quest: questView,
  }),
});

export const eventQuest = endpoint({
  method: 'POST',
  path: '/api/event/quest',
  tag,
  auth: 'member',
  summary: "The quests of one event campaign, with the member's progress",
  body: z.object({ event_id: intId }),
  data: z.object({ event_id: z.number().int(), server_time: timestamp, quests: z.array(questView) }),
});

// ── Operator ──

const adminQuest = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  title: z.string(),
  task: z.enum(questTasks),
  target: z.string().describe('Baht for deposit and bet, a whole number otherwise'),
  period: z.enum(questPeriods),
  starts_at: timestamp.nullable(),
  ends_at: timestamp.nullable(),
  event_id: z.number().int().nullable(),
  reward_kind: z.enum(questRewardKinds),
  reward_amount: z.string().describe('Whole points, or baht of free credit'),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  claims: z.number().int().describe('Rewards claimed so far'),
  updated_at: timestamp,
});

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const WHOLE = /^[1-9]\d{0,12}$/;
const instant = z.iso.datetime({ offset: true, error: 'วันเวลาไม่ถูกต้อง กรุณาระบุวันที่ เวลา และเขตเวลา' });

/** A quest as the operator writes it; amounts as text, read by the task and the reward kind. */
export const questInput = z
  .object({
    title: z.string().trim().min(1, { error: 'กรุณากรอกชื่อภารกิจ' }).max(100),
    task: z.enum(questTasks),
    target: z.union([z.string(), z.number()]).transform(String),
    period: z.enum(questPeriods),
    starts_at: instant.nullable().default(null),
    ends_at: instant.nullable().default(null),
    event_id: intId.nullable().default(null),
    reward_kind: z.enum(questRewardKinds),
    reward_amount: z.union([z.string(), z.number()]).transform(String),
    is_active: z.boolean().default(true),
    sort_order: wholeNumber(0, 100_000).default(0),
  })
  .superRefine((q, ctx) => {
    const money = q.task === 'deposit' || q.task === 'bet';
    if (!(money ? AMOUNT.test(q.target) && /[1-9]/.test(q.target) : WHOLE.test(q.target)))
      ctx.issues.push({
        code: 'custom',
        path: ['target'],
        message: money ? 'เป้าหมายต้องเป็นจำนวนเงินมากกว่า 0' : 'เป้าหมายต้องเป็นจำนวนเต็มตั้งแต่ 1',
        input: q.target,
      });
    const credit = q.reward_kind === 'free_credit';
    if (
      !(credit ? AMOUNT.test(q.reward_amount) && /[1-9]/.test(q.reward_amount) : WHOLE.test(q.reward_amount))
    )
      ctx.issues.push({
        code: 'custom',
        path: ['reward_amount'],
        message: credit ? 'เครดิตฟรีต้องเป็นจำนวนเงินมากกว่า 0' : 'แต้มต้องเป็นจำนวนเต็มตั้งแต่ 1',
        input: q.reward_amount,
      });
    if (q.period === 'campaign') {
      if (q.starts_at === null || q.ends_at === null)
        ctx.issues.push({
          code: 'custom',
          path: ['ends_at'],
          message: 'ภารกิจแบบแคมเปญต้องมีวันเริ่มและวันสิ้นสุด',
          input: q.ends_at,
        });
      else if (Date.parse(q.starts_at) >= Date.parse(q.ends_at))
        ctx.issues.push({
          code: 'custom',
          path: ['ends_at'],
          message: 'วันสิ้นสุดต้องอยู่หลังวันเริ่ม',
          input: q.ends_at,
        });
    } else if (q.starts_at !== null || q.ends_at !== null) {
      ctx.issues.push({
        code: 'custom',
        path: ['starts_at'],
        message: 'วันเริ่มและวันสิ้นสุดใช้กับภารกิจแบบแคมเปญเท่านั้น',
        input: q.starts_at,
      });
    }
  });

export const adminQuests = endpoint({
  method: 'GET',
  path: '/api/admin/quests',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: 'Every quest, active or not, in the operator order, with its claim count',
  data: z.array(adminQuest),
});

export const adminCreateQuest = endpoint({
  method: 'POST',
  path: '/api/admin/quests',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: 'Add a quest (audited)',
  body: questInput,
  data: adminQuest,
});

export const adminUpdateQuest = endpoint({
  method: 'PUT',
  path: '/api/admin/quests/:id',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary:
    'Change a quest (audited). Past claims keep what they paid; a quest with claims keeps its task, period and campaign start',
  params: idParam,
  body: questInput,
  data: adminQuest,
});

export const questsEndpoints = [
  questList,
  questRedeem,
  eventQuest,
  adminQuests,
  adminCreateQuest,
  adminUpdateQuest,
];
