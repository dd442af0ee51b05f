import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** The operator console's reads and writes of the member table and the notes (its Members section). */

const LIST_COLUMNS = [
  'id',
  'phone',
  'account_name',
  'bank_code',
  'account_no',
  'referral_code',
  'status',
  'created_at',
  'last_login_at',
] as const;

/**
 * Members matching `q`: a phone (or its start), a bank account number (or its end), a referral code
 * (exact, any case), or a part of the account name; every member when `q` is empty. Newest first.
 */
export async function searchMembers(ex: Executor, q: string | null, limit: number, offset: number) {
  let base = ex.selectFrom('member');
  if (q) {
    const digits = /^[0-9]+$/.test(q);
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      digits
        ? eb.or([
            eb('phone', 'like', `${q}%`),
            eb('account_no', '=', q),
            eb('account_no', 'like', `%${q}`),
            eb('sub_bank_account', '=', q),
          ])
        : eb.or([eb(sql`upper(referral_code)`, '=', q.toUpperCase()), eb('account_name', 'ilike', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([...LIST_COLUMNS])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function memberForStaff(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select([
      ...LIST_COLUMNS,
      'line_id',
      'sub_bank_account',
      'register_ip',
      'failed_login_count',
      'locked_until',
      'name_verified_at',
      'referred_by',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** The member's referrers upwards, nearest first (level 1 referred the member), at most `levels`. */
export async function uplineChain(ex: Executor, memberId: number, levels: number) {
  const { rows } = await sql<{
    id: number;
    phone: string;
    account_name: string;
    referral_code: string;
    level: number;
  }>`
    WITH RECURSIVE up(id, level) AS (
      SELECT referred_by, 1 FROM member WHERE id = ${memberId} AND referred_by IS NOT NULL
      UNION ALL
      SELECT m.referred_by, up.level + 1 FROM up JOIN member m ON m.id = up.id
      WHERE m.referred_by IS NOT NULL AND up.level < ${levels}
    )
    SELECT m.id, m.phone, m.account_name, m.referral_code, up.level
    FROM up JOIN member m ON m.id = up.id ORDER BY up.level`.execute(ex);
  return rows.map((r) => ({ ...r, level: Number(r.level) }));
}

/** The members the member referred, newest first, each with how many they referred. */
export async function directDownline(ex: Executor, memberId: number, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    sql<{
      id: number;
      phone: string;
      account_name: string;
      referral_code: string;
      created_at: Date;
      downline_count: string;
    }>`
      SELECT m.id, m.phone, m.account_name, m.referral_code, m.created_at,
        (SELECT count(*) FROM member d WHERE d.referred_by = m.id) AS downline_count
      FROM member m WHERE m.referred_by = ${memberId}
      ORDER BY m.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: string }>`SELECT count(*) AS n FROM member WHERE referred_by = ${memberId}`.execute(ex),
  ]);
  return {
    rows: page.rows.map((r) => ({ ...r, downline_count: Number(r.downline_count) })),
    total: Number(count.rows[0]?.n ?? 0),
  };
}

export async function notesPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    ex
      .selectFrom('member_note')
      .select(['id', 'body', 'staff_id', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    ex
      .selectFrom('member_note')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function insertNote(ex: Executor, n: { memberId: number; staffId: number; body: string; now: Date }) {
  return ex
    .insertInto('member_note')
    .values({ member_id: n.memberId, staff_id: n.staffId, body: n.body, created_at: n.now })
    .returning(['id', 'body', 'staff_id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The member's login state, locked for an operator's change; undefined when there is no such member. */
export function lockLoginState(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select(['id', 'phone', 'status', 'failed_login_count', 'locked_until'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the member's status; unsuspending also clears the wrong-password lock-out. */
export async function setMemberStatus(
  ex: Executor,
  memberId: number,
  status: 'active' | 'suspended',
  now: Date,
): Promise<void> {
  await ex
    .updateTable('member')
    .set(
      status === 'active'
        ? { status, failed_login_count: 0, locked_until: null, updated_at: now }
        : { status, updated_at: now },
    )
    .where('id', '=', memberId)
    .execute();
}

/** Members registered per Bangkok day in [from, to) (the dashboard). */
export async function newMembersByDay(ex: Executor, from: Date, to: Date) {
  const { rows } = await sql<{ day: string; n: string }>`
    SELECT to_char((created_at AT TIME ZONE 'Asia/Bangkok')::date, 'YYYY-MM-DD') AS day, count(*) AS n
    FROM member WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY 1`.execute(ex);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** The active members among these phones, with their password hashes (the demo-account lock). */
export function activeMembersByPhones(ex: Executor, phones: readonly string[]) {
  if (phones.length === 0) return Promise.resolve([]);
  return ex
    .selectFrom('member')
    .select(['id', 'phone', 'password_hash'])
    .where('phone', 'in', phones)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/**
 * Suspends a member still holding `passwordHash`, in one statement (a password changed meanwhile
 * keeps the account open); true when this call suspended it. A suspended member's sessions stop
 * answering at once (the session check reads the status).
 */
export async function suspendMemberWithHash(
  ex: Executor,
  memberId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const row = await ex
    .updateTable('member')
    .set({ status: 'suspended', updated_at: now })
    .where('id', '=', memberId)
    .where('status', '=', 'active')
    .where('password_hash', '=', passwordHash)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
