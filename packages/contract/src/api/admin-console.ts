/**
 * The operator console's own endpoints (apps/backoffice): who is logged in, and the waiting work
 * shown in its header, read once and then pushed over the staff event stream.
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { wholeNumber } from '../fields.ts';
import { staffRoles } from './admin.ts';

const tag = 'admin-console';

/**
 * The paging every console list endpoint takes (apps/backoffice DataTable): `page` from 1,
 * `page_size` up to 200; spread into the endpoint's query beside its filters.
 */
export const pageQuery = {
  page: wholeNumber(1, 1_000_000).default(1),
  page_size: wholeNumber(1, 200).default(50),
};

/** The answer of a console list endpoint: one page of `item`, and how many there are in all. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

export const staffMe = endpoint({
  method: 'GET',
  path: '/api/admin/me',
  tag,
  auth: 'staff',
  roles: staffRoles,
  summary: 'The logged-in staff member, their role, and how long the session may stay idle',
  data: z.object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(staffRoles),
    idle_minutes: z
      .number()
      .int()
      .describe('the server ends a session unused this long; the console logs out first'),
  }),
});

/**
 * Waiting work by kind. Each count is present only for the roles that act on it (the others get
 * null), the roles of the endpoints that act on them: deposits and withdrawals for owner and
 * finance, risk holds (rewards/holds) for owner, finance and support, shop orders for owner, content
 * and support, withdrawal freezes for owner and finance.
 */
export const workCounts = z.object({
  deposits: z
    .number()
    .int()
    .nullable()
    .describe(
      'deposit requests an operator may have to confirm: open (a transfer to match), under review (amount mismatch) or waiting a second approval',
    ),
  withdrawals: z.number().int().nullable().describe('withdrawals pending payout or under review'),
  risk_holds: z.number().int().nullable().describe('rewards held for a risk review'),
  shop_orders: z.number().int().nullable().describe('shop goods orders waiting to ship'),
  freezes: z
    .number()
    .int()
    .nullable()
    .describe('members whose withdrawals a reconciliation mismatch froze, not cleared yet'),
});
export type WorkCounts = z.infer<typeof workCounts>;

export const workCountRoles = {
  deposits: ['owner', 'finance'],
  withdrawals: ['owner', 'finance'],
  risk_holds: ['owner', 'finance', 'support'],
  shop_orders: ['owner', 'content', 'support'],
  freezes: ['owner', 'finance'],
} as const satisfies Record<keyof WorkCounts, readonly (typeof staffRoles)[number][]>;

export const adminWorkCounts = endpoint({
  method: 'GET',
  path: '/api/admin/work/counts',
  tag,
  auth: 'staff',
  roles: staffRoles,
  summary: 'Waiting work for the console header; counts of other roles are null',
  data: workCounts,
});

/** The event the staff stream sends with the counts (on connect, then whenever they change). */
export const WORK_COUNTS_EVENT = 'work_counts';

export const adminStream = endpoint({
  method: 'GET',
  path: '/api/admin/stream',
  tag,
  auth: 'staff',
  roles: staffRoles,
  summary:
    "Server-sent events for staff (token in the Authorization header, never the URL): `work_counts` with the caller's counts on connect and after each change",
  data: z.null(),
});

export const adminConsoleEndpoints: Endpoint[] = [staffMe, adminWorkCounts, adminStream];
