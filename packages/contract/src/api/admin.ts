import { z } from 'zod';
import { endpoint, type StaffRole } from '../endpoint.ts';
import {
  accountName,
  accountNo,
  baht,
  bankCode,
  bigIdParam,
  idParam,
  intId,
  phone,
  timestamp,
  wholeNumber,
} from '../fields.ts';

const tag = 'admin';
export const staffRoles = ['owner', 'finance', 'lotto', 'support', 'content'] as const;

export const staffLogin = endpoint({
  method: 'POST',
  path: '/api/admin/login',
  tag,
  auth: 'none',
  rateLimit: 'staff_login',
  summary: 'Staff login with password and a TOTP code (RFC 6238)',
  body: z.object({
    username: z.string().min(1, { error: 'กรุณากรอกชื่อผู้ใช้' }).max(64),
    password: z.string().min(1, { error: 'กรุณากรอกรหัสผ่าน' }).max(128),
    totp: z.string().regex(/^[0-9]{6}$/, { error: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก' }),
  }),
  data: z.object({
    access_token: z.string(),
    expires_at: timestamp,
    staff: z.object({ id: z.number().int(), username: z.string(), role: z.enum(staffRoles) }),
  }),
});

export const staffLogout = endpoint({
  method: 'POST',
  path: '/api/admin/logout',
  tag,
  auth: 'staff',
  roles: staffRoles,
  summary: 'End the staff session',
  data: z.null(),
});

/**
 * One message of the SMS outbox: its text (on a production site, an OTP masked), and how it went —
 * `provider` `outbox` is the built-in sender's (docs/rules/connectors.md §5).
 */
export const smsOutboxItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  body: z.string(),
  status: z.enum(['queued', 'sent', 'delivered', 'failed']),
  provider: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: timestamp,
});

export const smsOutbox = endpoint({
  method: 'GET',
  path: '/api/admin/sms/outbox',
  tag,
  auth: 'staff',
  roles: ['owner', 'support'],
  summary: 'Messages the built-in SMS sender stored instead of sending (newest first)',
  query: z.object({
    phone: phone.optional(),
    limit: wholeNumber(1, 200).default(50),
  }),
  data: z.array(smsOutboxItem),
});

export const reconciliation = endpoint({
  method: 'GET',
  path: '/api/admin/ledger/reconciliation',
  tag,
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary: 'Ledger check: member balances against their transfers, and the net of all transfers',
  data: z.object({
    member_accounts: z.number().int(),
    mismatches: z.array(
      z.object({
        account_id: z.number().int(),
        member_id: z.number().int(),
        wallet_type_id: z.number().int(),
        balance: baht,
        derived: baht,
      }),
    ),
    net: baht,
    system_balances: z.array(z.object({ code: z.string(), balance: baht })),
  }),
});

/** A member's withdrawals frozen by nightly reconciliation (docs/rules/casino.md §2.6) until an operator clears it. */
const withdrawalFreeze = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  phone: z.string(),
  reason: z.enum(['reconciliation']),
  reason_label: z.string(),
  accounts: z.array(
    z.object({
      account_id: z.number().int(),
      wallet_type_id: z.number().int(),
      balance: baht,
      derived: baht,
    }),
  ),
  created_at: timestamp,
  cleared_at: timestamp.nullable(),
  cleared_by: z.number().int().nullable(),
  clear_note: z.string().nullable(),
});

export const withdrawalFreezes = endpoint({
  method: 'GET',
  path: '/api/admin/ledger/freezes',
  tag,
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary:
    'Withdrawal freezes set by nightly reconciliation: open ones (default) or cleared ones, newest first',
  query: z.object({
    status: z.enum(['open', 'cleared']).default('open'),
    member_id: intId.optional(),
    limit: wholeNumber(1, 200).default(50),
  }),
  data: z.array(withdrawalFreeze),
});

export const clearWithdrawalFreeze = endpoint({
  method: 'POST',
  path: '/api/admin/ledger/freezes/:id/clear',
  tag,
  auth: 'staff',
  money: true,
  roles: ['owner', 'finance'],
  summary: "Clear a member's withdrawal freeze after checking the accounts, with a note (audited)",
  params: bigIdParam,
  body: z.object({
    note: z
      .string()
      .trim()
      .min(1, { error: 'กรุณาระบุหมายเหตุการตรวจสอบ' })
      .max(500, { error: 'หมายเหตุยาวเกินไป' }),
  }),
  data: withdrawalFreeze,
});

/** Editable content kinds: admin list/create/update share one shape per kind. */
const contentBase = {
  is_active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(10000).default(0),
};
const url = z.string().trim().min(1, { error: 'กรุณาระบุที่อยู่รูปภาพหรือลิงก์' }).max(500);
/** An active window's edge: an ISO date-time with its offset, or null for "always". */
const WINDOW_MESSAGE = 'วันเวลาไม่ถูกต้อง กรุณาระบุวันและเวลาพร้อมเขตเวลา';
const windowEdge = z.iso
  .datetime({ offset: true, error: WINDOW_MESSAGE })
  .refine(
    (s) => {
      // A real offset (at most ±14:00) and a year the site can live in.
      const offset = /([+-])(\d{2}):?(\d{2})$/.exec(s);
      if (offset && Number(offset[2]) * 60 + Number(offset[3]) > 14 * 60) return false;
      const year = new Date(Date.parse(s)).getUTCFullYear();
      return year >= 2000 && year <= 2200;
    },
    { error: WINDOW_MESSAGE },
  )
  .nullable()
  .default(null);
const activeWindow = { start_at: windowEdge, end_at: windowEdge };
const title = z.string().trim().min(1, { error: 'กรุณากรอกหัวข้อ' }).max(200);

export const contentInputs = {
  notifications: z.object({
    ...contentBase,
    ...activeWindow,
    type: z.number().int().min(1).max(9),
    priority: z.number().int().min(0).max(1000).default(0),
    title,
    description: z.string().max(5000).default(''),
    image: url.nullable().default(null),
  }),
  banners: z.object({
    ...contentBase,
    ...activeWindow,
    title,
    image: url,
    link: url.nullable().default(null),
  }),
  events: z.object({
    ...contentBase,
    ...activeWindow,
    title,
    image: url,
    link: url.nullable().default(null),
    /** The poll the event leads to: its link is then `/poll/{poll_id}` (docs/rules/engagement.md §10). */
    poll_id: intId.nullable().default(null),
  }),
  promotions: z.object({
    ...contentBase,
    title,
    description: z.string().max(5000).default(''),
    image: url.nullable().default(null),
    terms: z.string().max(10000).default(''),
  }),
  bank_accounts: z.object({
    ...contentBase,
    bank_code: bankCode,
    account_no: accountNo,
    account_name: accountName,
  }),
  true_money_accounts: z.object({ ...contentBase, phone, account_name: accountName }),
} as const;
export type ContentKind = keyof typeof contentInputs;
export const contentKinds = Object.keys(contentInputs) as ContentKind[];

const contentRoles: Record<ContentKind, readonly StaffRole[]> = {
  notifications: ['owner', 'content'],
  banners: ['owner', 'content'],
  events: ['owner', 'content'],
  promotions: ['owner', 'content'],
  bank_accounts: ['owner', 'finance'],
  true_money_accounts: ['owner', 'finance'],
};

/**
 * The body of an edit: every field optional and WITHOUT its create-time default, so a field the
 * operator leaves out keeps its value (a `.partial()` of a schema with defaults would fill them in
 * and quietly reset is_active, sort_order, texts and windows on every edit).
 */
export function patchOf<S extends z.ZodObject>(schema: S): ReturnType<S['partial']> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
    shape[key] = bare.optional();
  }
  return z.object(shape) as unknown as ReturnType<S['partial']>;
}

export function contentEndpoints<K extends ContentKind>(kind: K) {
  const input = contentInputs[kind];
  const item = z.object({ id: z.number().int(), updated_at: timestamp }).catchall(z.unknown());
  return {
    list: endpoint({
      method: 'GET',
      path: `/api/admin/content/${kind}`,
      tag,
      auth: 'staff',
      roles: contentRoles[kind],
      summary: `List ${kind}, active and inactive`,
      data: z.array(item),
    }),
    create: endpoint({
      method: 'POST',
      path: `/api/admin/content/${kind}`,
      tag,
      auth: 'staff',
      roles: contentRoles[kind],
      summary: `Create one of ${kind} (audited)`,
      body: input,
      data: item,
    }),
    update: endpoint({
      method: 'PUT',
      path: `/api/admin/content/${kind}/:id`,
      tag,
      auth: 'staff',
      roles: contentRoles[kind],
      summary: `Edit one of ${kind}; send only the fields that change (audited)`,
      params: idParam,
      body: patchOf(input),
      data: item,
    }),
  };
}

export const contentAdmin = Object.fromEntries(contentKinds.map((k) => [k, contentEndpoints(k)])) as {
  [K in ContentKind]: ReturnType<typeof contentEndpoints<K>>;
};

export const updateAgentConfig = endpoint({
  method: 'PUT',
  path: '/api/admin/agent/config',
  tag,
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: "Edit the operator's name, logo and chat-contact addresses (audited)",
  body: z
    .object({
      name: z.string().trim().min(1).max(100),
      agent_logo: url,
      line_admin_url: url,
      line_contact_url: url,
    })
    .partial(),
  data: z.object({
    name: z.string(),
    agent_logo: z.string(),
    line_admin_url: z.string(),
    line_contact_url: z.string(),
  }),
});

/**
 * docs/rules/payments.md §4: only an operator changes a member's bank data or name, with a reason,
 * audited; the next payout asks for the name check again.
 */
export const updateMemberBank = endpoint({
  method: 'PUT',
  path: '/api/admin/members/:id/bank',
  tag,
  auth: 'staff',
  roles: ['owner', 'finance'],
  summary: "Change a member's bank account or account name (audited; the next payout checks the name again)",
  params: idParam,
  body: z.object({
    bank_code: bankCode.optional(),
    account_no: accountNo.optional(),
    account_name: accountName.optional(),
    reason: z.string().trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500),
  }),
  data: z.object({
    id: z.number().int(),
    bank_code: z.string(),
    account_no: z.string(),
    account_name: z.string(),
    name_check_required: z.boolean(),
  }),
});
