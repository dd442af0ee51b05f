import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, timestamp, wholeNumber } from '../fields.ts';

const tag = 'points';

/** Points (แต้ม), docs/rules/engagement.md §7: the header's balance and the member's point statement. */
export const memberPoints = endpoint({
  method: 'POST',
  path: '/api/member/points',
  tag,
  auth: 'member',
  summary: "The member's point balance (the header's refresh button reloads it with the wallets)",
  data: z.object({
    point: z.number().int().describe('Whole points'),
    carry: baht.describe('Settled stake below the next point, carried to the next round or bill'),
  }),
});

export const pointKinds = [
  'accrual',
  'checkin',
  'quest',
  'wheel',
  'wheel_spin',
  'shop',
  'shop_refund',
  'adjustment',
] as const;

export const pointHistory = endpoint({
  method: 'GET',
  path: '/api/member/points/history',
  tag,
  auth: 'member',
  summary: "The member's point statement, newest first, paged (added)",
  query: z.object({
    page: wholeNumber(1, 1_000_000).default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  data: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        created_at: timestamp,
        kind: z.enum(pointKinds),
        kind_label: z.string(),
        description: z.string(),
        amount: z.number().int().describe('Signed: + earned, − spent'),
        balance_after: z.number().int(),
      }),
    ),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const pointsEndpoints = [memberPoints, pointHistory];
