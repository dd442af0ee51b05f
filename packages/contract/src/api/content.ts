import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { timestamp } from '../fields.ts';
import { promotionTerms } from './promotions.ts';

const tag = 'content';
const agentCodeQuery = z.object({ agent_code: z.string().max(32).optional() }).loose();

export const agentInfo = z.object({
  agent_logo: z.string(),
  line_admin_url: z.string(),
  line_contact_url: z.string(),
});

export const agentConfig = endpoint({
  method: 'POST',
  path: '/api/agent/config',
  tag,
  auth: 'none',
  summary: "The operator's public configuration: logo and chat-contact addresses",
  body: z
    .object({ agent_code: z.string().max(32).optional() })
    .loose()
    .optional(),
  data: z.object({
    agent_id: z.number().int(),
    agent_code: z.string(),
    name: z.string(),
    info: agentInfo,
    server_time: timestamp,
  }),
});

export const agentBankAccount = z.object({
  id: z.number().int(),
  bank_code: z.string(),
  bank_short: z.string(),
  bank_name: z.string(),
  account_no: z.string(),
  account_name: z.string(),
});

export const agentBankAccounts = endpoint({
  method: 'POST',
  path: '/api/agent/bank_accounts',
  tag,
  auth: 'member',
  summary: "The operator's active receiving bank accounts",
  data: z.array(agentBankAccount),
});

export const agentTrueMoneyAccount = z.object({
  id: z.number().int(),
  phone: z.string(),
  account_name: z.string(),
});

export const agentTrueMoneyAccounts = endpoint({
  method: 'POST',
  path: '/api/agent/true_money_accounts',
  tag,
  auth: 'member',
  summary: "The operator's active TrueMoney wallets",
  data: z.array(agentTrueMoneyAccount),
});

export const validateAgent = endpoint({
  method: 'GET',
  path: '/api/agent/validate',
  tag,
  auth: 'none',
  summary: 'Is this agent code the operator’s?',
  query: z.object({ code: z.string().min(1, { error: 'กรุณาระบุรหัสเอเย่นต์' }).max(32) }),
  data: z.object({ valid: z.literal(true), agent_id: z.number().int(), agent_code: z.string() }),
});

export const notification = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1: important announcement; others: general news'),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  priority: z.number().int().describe('Higher first'),
  start_at: timestamp.nullable(),
  end_at: timestamp.nullable(),
});

export const notifications = endpoint({
  method: 'GET',
  path: '/api/notifications',
  tag,
  auth: 'none',
  summary: 'Notifications in their active window, by priority then the operator order (cached 60 s)',
  query: agentCodeQuery,
  data: z.array(notification),
});

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  order: z.number().int(),
  start_at: timestamp.nullable(),
  end_at: timestamp.nullable(),
});

export const banners = endpoint({
  method: 'GET',
  path: '/api/banner',
  tag,
  auth: 'none',
  summary: 'Home-page banners in their active window, in order (cached 60 s)',
  query: agentCodeQuery,
  data: z.array(banner),
});

export const event = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string().nullable().describe('`/poll/{poll_id}` for an event that leads to a poll'),
  poll_id: z.number().int().nullable().describe('The poll the event leads to (docs/rules/engagement.md §10)'),
});

export const events = endpoint({
  method: 'GET',
  path: '/api/event/list',
  tag,
  auth: 'none',
  summary: 'Events in their active window (agent_code optional; cached 60 s)',
  query: agentCodeQuery,
  data: z.array(event),
});

export const promotion = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  terms: z.string(),
  rules: promotionTerms.nullable().describe('the deposit rule; null: not a promotion chosen at deposit'),
  eligible: z
    .boolean()
    .describe('the member may pick it for the next deposit (checked again at confirmation)'),
  reason: z.string().nullable().describe('why not, in Thai'),
});

export const promotions = endpoint({
  method: 'GET',
  path: '/api/promotion/list',
  tag,
  auth: 'optional',
  summary:
    'Active promotions with their rules, each marked eligible or not for the member with the reason (docs/rules/engagement.md §1)',
  query: agentCodeQuery,
  data: z.array(promotion),
});

export const banks = endpoint({
  method: 'GET',
  path: '/api/banks',
  tag,
  auth: 'none',
  summary: 'Banks a member may register with (added: the registration form’s list)',
  data: z.array(
    z.object({ code: z.string(), short: z.string(), name: z.string(), usual_length: z.number().int() }),
  ),
});
