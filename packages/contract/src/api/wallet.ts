import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, isoDate, timestamp, wholeNumber } from '../fields.ts';

/** The main wallet's type id (real money; docs/rules/casino.md §1): the one a member may always pick. */
export const MAIN_WALLET_TYPE = 1;

export const wallet = z.object({
  id: z.number().int(),
  wallet_name: z.string(),
  balance: baht,
  wallet_type_id: z.number().int(),
});

export const memberWallets = endpoint({
  method: 'POST',
  path: '/api/member/wallets',
  tag: 'wallet',
  auth: 'member',
  summary: "The member's wallets (1 main, 2 bonus, 3 free credit)",
  data: z.array(wallet),
});

export const statementKinds = ['deposit', 'withdraw', 'bet', 'win', 'bonus', 'refund', 'adjustment'] as const;
export const statementKind = z.enum(statementKinds);

export const statementItem = z.object({
  id: z.number().int(),
  created_at: timestamp,
  kind: statementKind,
  kind_label: z.string(),
  description: z
    .string()
    .describe(
      'What the line was, in Thai words (e.g. "ซื้อหวย บิล #12", "เดิมพันเกม ช้างทอง"); never an internal reference',
    ),
  direction: z.enum(['in', 'out']),
  amount: baht,
  wallet_type_id: z.number().int(),
  wallet_name: z.string(),
  reference: z
    .string()
    .nullable()
    .describe('Internal reference of the transfer, for support; not for display'),
});

export const memberStatement = endpoint({
  method: 'GET',
  path: '/api/member/statement',
  tag: 'wallet',
  auth: 'member',
  summary: "The member's financial transactions from the ledger, newest first, paged",
  query: z.object({
    kind: statementKind.optional(),
    from: isoDate.optional().describe('Asia/Bangkok date, inclusive'),
    to: isoDate.optional().describe('Asia/Bangkok date, inclusive'),
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  data: z.object({
    items: z.array(statementItem),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
