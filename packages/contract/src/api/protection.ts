import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, timestamp, wholeBahtAmount } from '../fields.ts';

/**
 * Player protection, the member's own tools (docs/rules/protection.md): deposit and loss limits per
 * Bangkok day, week and month, the reality check, time-outs and self-exclusion, and the 12-month
 * history for self-review.
 */
const tag = 'protection';

export const protectionLimitKinds = ['deposit', 'loss'] as const;
export const protectionPeriods = ['day', 'week', 'month'] as const;
export const protectionTimeouts = ['1d', '7d', '30d'] as const;
export const protectionExclusions = ['6m', '1y', '5y', 'permanent'] as const;
export const protectionBlockChoices = [...protectionTimeouts, ...protectionExclusions] as const;
export const realityCheckMinutes = [30, 60] as const;

export const protectionLimit = z.object({
  kind: z.enum(protectionLimitKinds),
  period: z.enum(protectionPeriods),
  amount: baht.nullable().describe('The limit in force; null: none'),
  pending_amount: baht
    .nullable()
    .describe('A raise waiting for its cooling-off; null with pending_from: removal'),
  pending_from: timestamp.nullable().describe('When the waiting change takes effect; null: nothing waits'),
  used: baht.describe('Deposits (deposit limits) or net loss (loss limits) of the current period'),
  resets_at: timestamp.describe('When the current period ends and the count starts again'),
});

export const protectionBlock = z.object({
  kind: z.enum(['timeout', 'exclusion']),
  choice: z.enum(protectionBlockChoices),
  started_at: timestamp,
  until: timestamp.nullable().describe('null: a permanent self-exclusion'),
});

export const protectionState = z.object({
  limits: z.array(protectionLimit).describe('Always six: deposit and loss × day, week, month'),
  reality_check_minutes: z.number().int().nullable(),
  block: protectionBlock.nullable().describe('The time-out or self-exclusion in force; null: none'),
  cooling_off_hours: z.number().int().describe('How long a raise or removal of a limit waits'),
  server_time: timestamp,
});

export const protectionChange = z.object({
  at: timestamp,
  action: z.enum(['limit_set', 'limit_pending', 'limit_applied', 'reality_check', 'timeout', 'exclusion']),
  description: z.string().describe('The change in Thai'),
});

/** The member's protection settings as they are now. */
export const protectionGet = endpoint({
  method: 'GET',
  path: '/api/member/protection',
  tag,
  auth: 'member',
  summary:
    'The member’s limits (with the period’s count and reset), reality check and any time-out or self-exclusion',
  data: protectionState,
});

/** Sets, lowers, raises or removes one limit (a lower one applies at once, a higher one after the cooling-off). */
export const protectionSetLimit = endpoint({
  method: 'POST',
  path: '/api/member/protection/limit',
  tag,
  auth: 'member',
  summary: 'Set one deposit or loss limit; amount null removes it (after the cooling-off)',
  memberWritesPerMinute: 20,
  body: z.object({
    kind: z.enum(protectionLimitKinds, { error: 'กรุณาเลือกประเภทวงเงิน' }),
    period: z.enum(protectionPeriods, { error: 'กรุณาเลือกช่วงเวลา' }),
    amount: wholeBahtAmount({ required: 'กรุณาระบุวงเงิน', format: 'วงเงินต้องเป็นจำนวนเงินบาท' })
      .pipe(
        z.number().min(1, { error: 'วงเงินต้องไม่น้อยกว่า 1 บาท' }).max(100_000_000, { error: 'วงเงินสูงเกินไป' }),
      )
      .nullable(),
  }),
  data: z.object({
    effect: z.enum(['now', 'pending', 'unchanged']),
    state: protectionState,
  }),
});

/** Turns the reality check on (every 30 or 60 minutes of a session) or off. */
export const protectionSetRealityCheck = endpoint({
  method: 'POST',
  path: '/api/member/protection/reality_check',
  tag,
  auth: 'member',
  summary: 'Set the reality-check interval (30 or 60 minutes) or turn it off (null)',
  memberWritesPerMinute: 20,
  body: z.object({
    minutes: z
      .number({ error: 'เลือกได้ทุก 30 หรือ 60 นาที' })
      .refine((n) => n === 30 || n === 60, { error: 'เลือกได้ทุก 30 หรือ 60 นาที' })
      .nullable(),
  }),
  data: protectionState,
});

/** What the reality-check dialog shows: time since this login and the net result of play since then. */
export const protectionRealityCheck = endpoint({
  method: 'GET',
  path: '/api/member/protection/reality_check',
  tag,
  auth: 'member',
  summary: 'The reality check of this session: interval, session start, minutes played and net result',
  data: z.object({
    minutes: z.number().int().nullable().describe('The interval; null: turned off'),
    session_started_at: timestamp,
    played_minutes: z.number().int(),
    stakes: baht,
    returns: baht.describe('Wins and refunds'),
    net: baht.describe('returns − stakes: negative when the member is behind'),
    server_time: timestamp,
  }),
});

/** Starts a time-out (1 day, 7 days or 30 days): every session ends at once, nothing undoes it early. */
export const protectionTimeout = endpoint({
  method: 'POST',
  path: '/api/member/protection/timeout',
  tag,
  auth: 'member',
  summary:
    'Take a time-out of 1, 7 or 30 days: logs out every session; no deposits, bets, games or rewards until it ends',
  memberWritesPerMinute: 10,
  body: z.object({
    duration: z.enum(protectionTimeouts, { error: 'กรุณาเลือกระยะเวลาพักการเล่น' }),
  }),
  data: protectionState,
});

/** Starts a self-exclusion (6 months, 1 year, 5 years or permanent): the member cannot lift it. */
export const protectionExclude = endpoint({
  method: 'POST',
  path: '/api/member/protection/exclusion',
  tag,
  auth: 'member',
  summary:
    'Self-exclude for 6 months, 1 year, 5 years or permanently: logs out every session, closes play and deposits, stops offers',
  memberWritesPerMinute: 10,
  body: z.object({
    duration: z.enum(protectionExclusions, { error: 'กรุณาเลือกระยะเวลาการระงับบัญชี' }),
    confirm_text: z
      .string({ error: 'กรุณาพิมพ์คำยืนยัน' })
      .refine((t) => t.trim() === 'ยืนยัน', { error: 'กรุณาพิมพ์คำว่า ยืนยัน เพื่อยืนยันการระงับบัญชี' }),
  }),
  data: protectionState,
});

export const protectionMonth = z.object({
  month: z.string().describe('YYYY-MM (Bangkok)'),
  deposits: baht,
  withdrawals: baht,
  net_deposits: baht.describe('deposits − withdrawals: the money put in, net of what was taken out'),
  stakes: baht,
  returns: baht.describe('Wins and refunds'),
  net: baht.describe('returns − stakes: the result of play'),
});

/** The last 12 months: money in and out and the net result per month, and every protection change. */
export const protectionHistory = endpoint({
  method: 'GET',
  path: '/api/member/protection/history',
  tag,
  auth: 'member',
  summary:
    'The 12-month account history (deposits, withdrawals and their net; stakes, returns and the result of play, per month) and protection changes',
  data: z.object({
    months: z.array(protectionMonth).describe('12 Bangkok months, newest first'),
    changes: z.array(protectionChange).describe('Every change of the last 12 months, newest first'),
  }),
});

export const protectionEndpoints = [
  protectionGet,
  protectionSetLimit,
  protectionSetRealityCheck,
  protectionRealityCheck,
  protectionTimeout,
  protectionExclude,
  protectionHistory,
];
