import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, bahtAmount, idParam, intId, timestamp, wholeNumber } from '../fields.ts';

const tag = 'polls';

/**
 * Polls (โพล), docs/rules/engagement.md §10: 1 vote plus 1 per 1,000 baht deposited while the poll is
 * open (up to 10), every vote to the choice picked first, voting until `close_at`, stats cached 60 s,
 * and 20 baht of free credit per vote on the winning choice, paid once, with the winners listed
 * masked. `agent_id` is this site's agent (any other is refused with AGENT_MISMATCH).
 */
export const pollPhases = ['upcoming', 'open', 'closed', 'resulted'] as const;
export const pollStatuses = ['draft', 'open', 'closed'] as const;

const agentId = intId.optional().describe("This site's agent id (34); another agent's is refused");

const rules = z.object({
  base_votes: z.number().int().describe('Votes every member has (1)'),
  baht_per_vote: baht.describe('Each time this much is deposited while the poll is open: one more vote'),
  max_votes: z.number().int().describe('At most this many votes (10)'),
  reward_per_vote: baht.describe('Free credit per vote on the winning choice (20.00)'),
});

const choice = z.object({
  id: z.number().int(),
  label: z.string(),
  image: z.string().nullable(),
});

const poll = z.object({
  id: z.number().int(),
  question: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  phase: z
    .enum(pollPhases)
    .describe('upcoming: before open_at; open: votes taken; closed: voting over; resulted: winner set'),
  open_at: timestamp,
  close_at: timestamp.describe('Votes are taken until this instant (excluded)'),
  result_choice_id: z.number().int().nullable(),
  resulted_at: timestamp.nullable(),
  rules,
});

/**
 * Where the poll stands for the page (the specification's poll state keeps `config`, `choices` and
 * `metadata`): its phase, whether a vote is taken now, the seconds to the next instant that changes
 * that, how many choices there are and whether the result is set.
 */
const pollMetadata = z.object({
  phase: z.enum(pollPhases),
  voting_open: z.boolean().describe('A vote sent now is taken (phase open)'),
  seconds_to_open: z.number().int().describe('Until open_at; 0 once it has passed'),
  seconds_to_close: z.number().int().describe('Until close_at; 0 once voting is over'),
  choice_count: z.number().int(),
  has_result: z.boolean().describe('The operator has set the winning choice'),
});

export const pollConfig = endpoint({
  method: 'GET',
  path: '/api/poll/config',
  tag,
  auth: 'none',
  summary:
    'A poll: question, choices with images, times, rules and result (no poll_id: the newest one shown)',
  query: z.object({ poll_id: intId.optional(), agent_id: agentId }),
  data: z.object({
    poll,
    choices: z.array(choice),
    metadata: pollMetadata,
    server_time: timestamp.describe('For the countdown to close_at'),
  }),
});

export const pollStats = endpoint({
  method: 'GET',
  path: '/api/poll/stats',
  tag,
  auth: 'none',
  summary: 'Votes per choice and their shares (cached 60 s: `cached_at` says when they were counted)',
  query: z.object({ poll_id: intId, agent_id: agentId }),
  data: z.object({
    poll_id: z.number().int(),
    total_votes: z.number().int(),
    voters: z.number().int(),
    choices: z.array(
      z.object({
        choice_id: z.number().int(),
        votes: z.number().int(),
        percent: z.string().describe('Share of all votes, two decimals; the shares add up to 100.00'),
      }),
    ),
    cached_at: timestamp,
  }),
});

export const pollWinners = endpoint({
  method: 'GET',
  path: '/api/poll/winners',
  tag,
  auth: 'none',
  summary: 'Members who voted for the winning choice, masked, most votes first (empty before the result)',
  query: z.object({
    poll_id: intId,
    agent_id: agentId,
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(50),
  }),
  data: z.object({
    poll_id: z.number().int(),
    result_choice_id: z.number().int().nullable(),
    result_label: z.string().nullable(),
    reward_per_vote: baht,
    items: z.array(
      z.object({
        rank: z.number().int().describe('Position in the whole list, 1 first'),
        name: z.string().describe('First name and the first letter of the surname: สมชาย ใ***'),
        phone: z.string().describe('08x-xxx-5678'),
        votes: z.number().int(),
        amount: baht.describe('Free credit the votes earned'),
      }),
    ),
    total: z.number().int(),
  }),
});

const quota = z.object({
  poll_id: z.number().int(),
  quota: z.number().int().describe('Votes the member has now'),
  used: z.number().int(),
  remaining: z.number().int(),
  choice_id: z.number().int().nullable().describe('The choice every vote goes to (the first one picked)'),
  deposited: baht.describe('Confirmed deposits while the poll is open'),
  next_vote_deposit: baht.nullable().describe('More to deposit for one more vote; null at the maximum'),
  max_votes: z.number().int(),
  last_updated_quota: timestamp.describe('When the quota was computed (server time)'),
});

const quotaQuery = z.object({ poll_id: intId, agent_id: agentId });

export const pollQuotaGet = endpoint({
  method: 'GET',
  path: '/api/poll/quota/get',
  tag,
  auth: 'member',
  summary: "The member's votes in a poll: quota from deposits, used, the choice they go to",
  query: quotaQuery,
  data: quota,
});

export const pollQuotaCheck = endpoint({
  method: 'GET',
  path: '/api/poll/quota/check',
  tag,
  auth: 'member',
  summary: 'Whether the member can vote now, and if not why (Thai)',
  query: quotaQuery,
  data: quota.extend({
    can_vote: z.boolean(),
    reason: z.string().nullable().describe('Why not, in Thai'),
  }),
});

export const pollSubmit = endpoint({
  method: 'POST',
  path: '/api/poll/submit',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary:
    'One vote, taken from the quota in one statement (`UPDATE … WHERE used < quota`); it goes to the choice picked first',
  body: z.object({ poll_id: intId, choice_id: intId, agent_id: agentId }),
  data: quota.extend({ vote_id: z.number().int() }),
});

// ─── Operator ───────────────────────────────────────────────────────────────────────────────────

const roles = ['owner', 'content'] as const;
const image = z
  .string()
  .trim()
  .min(1, { error: 'กรุณาระบุที่อยู่รูปภาพ' })
  .max(500, { error: 'ที่อยู่รูปภาพยาวเกินไป' })
  .nullable()
  .default(null);
const instant = z.iso.datetime({ offset: true, error: 'วันเวลาไม่ถูกต้อง กรุณาระบุวันเวลาพร้อมเขตเวลา' });

const adminPoll = poll.extend({
  status: z.enum(pollStatuses),
  choices: z.array(choice.extend({ votes: z.number().int(), voters: z.number().int() })),
  total_votes: z.number().int(),
  voters: z.number().int(),
  winners: z.number().int().describe('Members who voted for the result'),
  winners_paid: z.number().int().describe('Winners whose free credit was paid or is held (G5)'),
  created_at: timestamp,
  created_by: z.number().int().nullable(),
  resulted_by: z.number().int().nullable(),
});

export const adminPolls = endpoint({
  method: 'GET',
  path: '/api/admin/polls',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content', 'finance', 'support'],
  summary: 'Polls, newest first, with their votes per choice and winners paid',
  data: z.array(adminPoll),
});

export const adminCreatePoll = endpoint({
  method: 'POST',
  path: '/api/admin/polls',
  tag: 'admin',
  auth: 'staff',
  roles,
  summary: 'Create a poll as a draft (members see it once opened; audited)',
  body: z.object({
    question: z
      .string()
      .trim()
      .min(1, { error: 'กรุณากรอกคำถามของโพล' })
      .max(200, { error: 'คำถามยาวได้ไม่เกิน 200 ตัวอักษร' }),
    description: z.string().trim().max(2000, { error: 'รายละเอียดยาวเกินไป' }).default(''),
    image,
    open_at: instant,
    close_at: instant,
    base_votes: wholeNumber(1, 100).default(1),
    baht_per_vote: bahtAmount().default('1000.00'),
    max_votes: wholeNumber(1, 100).default(10),
    reward_per_vote: bahtAmount().default('20.00'),
    choices: z
      .array(
        z.object({
          label: z
            .string()
            .trim()
            .min(1, { error: 'กรุณากรอกตัวเลือก' })
            .max(100, { error: 'ตัวเลือกยาวได้ไม่เกิน 100 ตัวอักษร' }),
          image,
        }),
      )
      .min(2, { error: 'โพลต้องมีตัวเลือกอย่างน้อย 2 ข้อ' })
      .max(20, { error: 'โพลมีตัวเลือกได้ไม่เกิน 20 ข้อ' }),
  }),
  data: adminPoll,
});

export const adminOpenPoll = endpoint({
  method: 'POST',
  path: '/api/admin/polls/:id/open',
  tag: 'admin',
  auth: 'staff',
  roles,
  summary: 'Publish a draft poll: members see it, votes are taken from open_at to close_at (audited)',
  params: idParam,
  data: adminPoll,
});

export const adminClosePoll = endpoint({
  method: 'POST',
  path: '/api/admin/polls/:id/close',
  tag: 'admin',
  auth: 'staff',
  roles,
  summary: 'End voting now (close_at becomes now if it was later; audited)',
  params: idParam,
  data: adminPoll,
});

export const adminSetPollResult = endpoint({
  method: 'POST',
  path: '/api/admin/polls/:id/result',
  tag: 'admin',
  auth: 'staff',
  money: true,
  roles,
  summary:
    'Set the winning choice once voting is over and pay each winning vote its free credit, once per member (a repeat pays nothing more; audited)',
  params: idParam,
  body: z.object({ choice_id: intId }),
  data: z.object({
    poll: adminPoll,
    repeated: z.boolean().describe('The result had been set before; only unpaid winners were paid now'),
    paid_now: z.number().int().describe('Winners paid (or held) by this call'),
  }),
});

export const pollsEndpoints = [
  pollConfig,
  pollStats,
  pollWinners,
  pollQuotaGet,
  pollQuotaCheck,
  pollSubmit,
  adminPolls,
  adminCreatePoll,
  adminOpenPoll,
  adminClosePoll,
  adminSetPollResult,
];
