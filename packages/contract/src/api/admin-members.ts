import { z } from 'zod';
import { endpoint, type StaffRole } from '../endpoint.ts';
import { baht, bahtAmount, idParam, phone, timestamp } from '../fields.ts';
import { smsOutboxItem } from './admin.ts';
import { paged, pageQuery } from './admin-console.ts';

/**
 * The operator console's Members section: search, the member page's tabs, notes, lock/unlock, a
 * password-reset OTP sent to the member, the member's own daily withdrawal cap; and the SMS outbox as a
 * paged list. Lists follow the console's paging: `page` (1-based), `page_size` (≤ 200) →
 * `{ items, total, page, page_size }`.
 */
const tag = 'admin-members';

/** Who reads a member: support and owner fully, finance to check payments. */
const READERS: readonly StaffRole[] = ['owner', 'support', 'finance'];
/** Who acts on a member's account: support and owner. */
const ACTORS: readonly StaffRole[] = ['owner', 'support'];

const paging = pageQuery;

const reason = z
  .string()
  .trim()
  .min(1, { error: 'กรุณาระบุเหตุผล' })
  .max(500, { error: 'เหตุผลยาวเกินไป (ไม่เกิน 500 ตัวอักษร)' });

export const memberStatuses = ['active', 'suspended'] as const;
export const memberStatusLabels: Record<(typeof memberStatuses)[number], string> = {
  active: 'ใช้งานได้',
  suspended: 'ระงับการเข้าสู่ระบบ',
};

const memberRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  account_name: z.string(),
  bank_code: z.string(),
  account_no: z.string(),
  referral_code: z.string(),
  status: z.enum(memberStatuses),
  created_at: timestamp,
  last_login_at: timestamp.nullable(),
});

export const searchMembers = endpoint({
  method: 'GET',
  path: '/api/admin/members',
  tag,
  auth: 'staff',
  roles: READERS,
  summary:
    'Find members by phone, name, bank account number or referral code (newest first; all members without q)',
  query: z.object({
    q: z.string().trim().max(100, { error: 'คำค้นยาวเกินไป' }).optional(),
    ...paging,
  }),
  data: paged(memberRow),
});

const wallet = z.object({ wallet_type_id: z.number().int(), name: z.string(), balance: baht });
const personRef = z.object({
  id: z.number().int(),
  phone: z.string(),
  account_name: z.string(),
  referral_code: z.string(),
});

export const memberDetail = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id',
  tag,
  auth: 'staff',
  roles: READERS,
  summary:
    "A member's page: profile, wallets, referral tree (upline, direct downline counts), risk flags, withdrawal cap",
  params: idParam,
  data: z.object({
    member: memberRow.extend({
      line_id: z.string().nullable(),
      sub_bank_account: z.string().nullable(),
      register_ip: z.string().nullable(),
      failed_login_count: z.number().int(),
      locked_until: timestamp.nullable(),
      status_label: z.string(),
    }),
    wallets: z.array(wallet),
    referral: z.object({
      upline: z.array(personRef.extend({ level: z.number().int() })),
      level1_count: z.number().int(),
      level2_count: z.number().int(),
    }),
    risk: z.object({
      name_check: z.enum(['verified', 'required']),
      name_verified_at: timestamp.nullable(),
      held_rewards: z.number().int(),
      held_rewards_amount: baht,
      open_freezes: z.array(
        z.object({ id: z.number().int(), reason_label: z.string(), created_at: timestamp }),
      ),
      account_name_shared: z.boolean(),
    }),
    withdraw_cap: z.object({
      /** The member's own daily cap; null when the site's default applies. */
      member_daily_cap: baht.nullable(),
      default_daily_cap: baht,
      used_today: baht,
    }),
  }),
});

export const memberLedger = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/ledger',
  tag,
  auth: 'staff',
  roles: READERS,
  summary: "A member's ledger lines, newest first (a transfer between two of its wallets shows twice)",
  params: idParam,
  query: z.object(paging),
  data: paged(
    z.object({
      id: z.number().int(),
      created_at: timestamp,
      kind: z.string(),
      kind_label: z.string(),
      direction: z.enum(['in', 'out']),
      amount: baht,
      wallet_name: z.string(),
      description: z.string(),
    }),
  ),
});

export const memberBills = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/bills',
  tag,
  auth: 'staff',
  roles: READERS,
  summary: "A member's lottery bills, newest first",
  params: idParam,
  query: z.object(paging),
  data: paged(
    z.object({
      id: z.number().int(),
      created_at: timestamp,
      market: z.string(),
      round_id: z.number().int(),
      status: z.string(),
      status_label: z.string(),
      stake: baht,
      win: baht,
      items: z.number().int(),
    }),
  ),
});

export const memberRounds = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/rounds',
  tag,
  auth: 'staff',
  roles: READERS,
  summary: "A member's game bets (every provider, in-house included) with their payout, newest first",
  params: idParam,
  query: z.object(paging),
  data: paged(
    z.object({
      id: z.number().int(),
      created_at: timestamp,
      provider: z.string(),
      game: z.string(),
      category: z.string(),
      wallet_type_id: z.number().int().nullable(),
      stake: baht,
      payout: baht,
      state: z.string(),
      state_label: z.string(),
    }),
  ),
});

export const memberDeposits = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/deposits',
  tag,
  auth: 'staff',
  roles: READERS,
  summary: "A member's deposit requests, newest first",
  params: idParam,
  query: z.object(paging),
  data: paged(
    z.object({
      id: z.number().int(),
      created_at: timestamp,
      amount: baht,
      paid: baht.nullable(),
      status: z.string(),
      status_label: z.string(),
      channel: z.string(),
      confirmed_via: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});

export const memberWithdrawals = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/withdrawals',
  tag,
  auth: 'staff',
  roles: READERS,
  summary: "A member's withdrawals, newest first",
  params: idParam,
  query: z.object(paging),
  data: paged(
    z.object({
      id: z.number().int(),
      created_at: timestamp,
      amount: baht,
      status: z.string(),
      status_label: z.string(),
      bank_code: z.string(),
      account_no: z.string(),
      bank_ref: z.string().nullable(),
      reason: z.string().nullable(),
      decided_at: timestamp.nullable(),
    }),
  ),
});

export const memberRewards = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/rewards',
  tag,
  auth: 'staff',
  roles: READERS,
  summary:
    "What a member received: deposit promotions taken (with their turnover) and reward claims (features' payouts, held ones included)",
  params: idParam,
  query: z.object({ ...paging, kind: z.enum(['promotions', 'claims']).default('claims') }),
  data: paged(
    z.object({
      id: z.number().int(),
      created_at: timestamp,
      title: z.string(),
      amount: z.string(),
      unit: z.enum(['baht', 'points']),
      status: z.string(),
      status_label: z.string(),
      detail: z.string(),
    }),
  ),
});

export const memberDownline = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/downline',
  tag,
  auth: 'staff',
  roles: READERS,
  summary: "A member's direct downline (members they referred), each with how many they referred in turn",
  params: idParam,
  query: z.object(paging),
  data: paged(personRef.extend({ created_at: timestamp, downline_count: z.number().int() })),
});

const note = z.object({
  id: z.number().int(),
  body: z.string(),
  staff_id: z.number().int(),
  staff_username: z.string(),
  created_at: timestamp,
});

export const memberNotes = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id/notes',
  tag,
  auth: 'staff',
  roles: READERS,
  summary: "Operators' notes on a member, newest first",
  params: idParam,
  query: z.object(paging),
  data: paged(note),
});

export const addMemberNote = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/notes',
  tag,
  auth: 'staff',
  roles: ACTORS,
  summary: 'Add a note on a member (audited; notes are never edited or removed)',
  params: idParam,
  body: z.object({
    body: z
      .string()
      .trim()
      .min(1, { error: 'กรุณากรอกข้อความบันทึก' })
      .max(2000, { error: 'บันทึกยาวเกินไป (ไม่เกิน 2,000 ตัวอักษร)' }),
  }),
  data: note,
});

const statusAnswer = z.object({
  id: z.number().int(),
  status: z.enum(memberStatuses),
  status_label: z.string(),
  sessions_revoked: z.number().int(),
});

export const lockMemberLogin = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/lock',
  tag,
  auth: 'staff',
  roles: ACTORS,
  summary: "Suspend a member's login (audited): every session ends at once and no new login is allowed",
  params: idParam,
  body: z.object({ reason }),
  data: statusAnswer,
});

export const unlockMemberLogin = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/unlock',
  tag,
  auth: 'staff',
  roles: ACTORS,
  summary: 'Allow a suspended member to log in again (audited); also clears the wrong-password lock-out',
  params: idParam,
  body: z.object({ reason }),
  data: statusAnswer,
});

export const sendMemberResetOtp = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/reset_otp',
  tag,
  auth: 'staff',
  roles: ACTORS,
  summary:
    'Send the member a password-reset OTP by SMS to the registered phone (audited); staff never see the code or a password',
  params: idParam,
  body: z.object({ reason }),
  data: z.object({ phone: z.string(), ref: z.string(), expires_in: z.number().int() }),
});

export const setMemberWithdrawCap = endpoint({
  method: 'PUT',
  path: '/api/admin/members/:id/withdraw_cap',
  tag,
  auth: 'staff',
  roles: ['owner', 'support', 'finance'],
  summary:
    "Set a member's own daily withdrawal cap, or null for the site's default (audited; checked by every withdrawal request)",
  params: idParam,
  body: z.object({
    daily_cap: bahtAmount({
      required: 'กรุณากรอกยอดถอนสูงสุดต่อวัน',
      format: 'ยอดถอนสูงสุดต้องเป็นจำนวนเงินที่ถูกต้อง',
    }).nullable(),
    reason,
  }),
  data: z.object({ member_daily_cap: baht.nullable(), default_daily_cap: baht }),
});

export const smsMessages = endpoint({
  method: 'GET',
  path: '/api/admin/sms/messages',
  tag,
  auth: 'staff',
  roles: ['owner', 'support'],
  summary: 'The built-in SMS sender’s outbox, newest first, optionally one phone’s (paged)',
  query: z.object({ phone: phone.optional(), ...paging }),
  data: paged(smsOutboxItem),
});

export const adminMembersEndpoints = [
  searchMembers,
  memberDetail,
  memberLedger,
  memberBills,
  memberRounds,
  memberDeposits,
  memberWithdrawals,
  memberRewards,
  memberDownline,
  memberNotes,
  addMemberNote,
  lockMemberLogin,
  unlockMemberLogin,
  sendMemberResetOtp,
  setMemberWithdrawCap,
  smsMessages,
];
