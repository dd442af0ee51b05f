import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import type { DepositStatus, WithdrawalStatus } from './row-types.ts';

/**
 * Caller: the operator console's member page (modules/members): the member's deposits, withdrawals
 * and deposit promotions, newest first, and the member's own daily withdrawal cap.
 */

export async function memberDepositsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    sql<{
      id: number;
      created_at: Date;
      amount_satang: number;
      paid_satang: number | null;
      status: DepositStatus;
      channel: string;
      confirmed_via: string | null;
      reason: string | null;
    }>`
      SELECT d.id, d.created_at, d.amount_satang, d.paid_satang, d.status, c.name AS channel, d.confirmed_via, d.reason
      FROM deposit_request d JOIN payment_channel c ON c.id = d.channel_id
      WHERE d.member_id = ${memberId} ORDER BY d.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: string }>`SELECT count(*) AS n FROM deposit_request WHERE member_id = ${memberId}`.execute(ex),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function memberWithdrawalsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    ex
      .selectFrom('withdrawal')
      .select([
        'id',
        'created_at',
        'amount_satang',
        'status',
        'bank_code',
        'account_no',
        'bank_ref',
        'reason',
        'decided_at',
      ])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    ex
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ((typeof rows)[number] & { status: WithdrawalStatus })[], total: Number(count.n) };
}

export async function memberPromotionsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    ex
      .selectFrom('member_promotion')
      .select([
        'id',
        'promotion_id',
        'taken_at',
        'deposit_satang',
        'bonus_satang',
        'required_turnover_satang',
        'status',
        'ends_at',
      ])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    ex
      .selectFrom('member_promotion')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The member's own cap, locked for an operator's change (undefined when none is set). */
export function lockMemberCap(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member_withdraw_limit')
    .select('daily_cap_satang')
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function putMemberCap(ex: Executor, memberId: number, capSatang: number, now: Date) {
  await ex
    .insertInto('member_withdraw_limit')
    .values({ member_id: memberId, daily_cap_satang: capSatang, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ daily_cap_satang: capSatang, updated_at: now }))
    .execute();
}

export async function dropMemberCap(ex: Executor, memberId: number) {
  await ex.deleteFrom('member_withdraw_limit').where('member_id', '=', memberId).execute();
}
