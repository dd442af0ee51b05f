import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';
import type { DepositStatus, WithdrawalStatus } from '../payments/service.ts';
import type { ClaimRow } from '../rewards/service.ts';

/**
 * The console's reads for its member page: the member row, its notes and referrals (modules/members),
 * and the member's wallets, bills, bets, payments and reward claims. Each table is its owner's; the
 * console reads them here as the owners grant it (`grants` in db/table-owners.ts), and writes none.
 */

// modules/members: the member row, its referrals and its notes.

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
  return pageOf(base, (q) => q.select([...LIST_COLUMNS]).orderBy('id', 'desc'), { limit, offset });
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
  return pageOf(
    ex.selectFrom('member_note').where('member_id', '=', memberId),
    (q) => q.select(['id', 'body', 'staff_id', 'created_at']).orderBy('id', 'desc'),
    { limit, offset },
  );
}

// modules/wallet: the member's wallets with their names, and their reconciliation freezes still open.

export function walletsWithNames(ex: Executor, memberId: number) {
  return ex
    .selectFrom('ledger_account as a')
    .innerJoin('wallet_type as w', 'w.id', 'a.wallet_type_id')
    .select(['a.wallet_type_id', 'w.name', 'a.balance'])
    .where('a.member_id', '=', memberId)
    .orderBy('a.wallet_type_id')
    .execute();
}

export function openFreezesOf(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member_withdrawal_freeze')
    .select(['id', 'reason', 'created_at'])
    .where('member_id', '=', memberId)
    .where('cleared_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** modules/lotto: the member's bills, newest first. */
export async function memberBillsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    sql<{
      id: number;
      created_at: Date;
      market: string;
      business_date: string;
      round_id: number;
      status: 'pending' | 'won' | 'lost' | 'cancelled' | 'refunded';
      total_stake: number;
      total_win: number;
      items: string;
    }>`
      SELECT b.id, b.created_at, m.name AS market, r.business_date::text AS business_date, b.round_id, b.status,
        b.total_stake, b.total_win, (SELECT count(*) FROM lotto_bill_item i WHERE i.bill_id = b.id) AS items
      FROM lotto_bill b JOIN lotto_round r ON r.id = b.round_id JOIN lotto_market m ON m.id = r.market_id
      WHERE b.member_id = ${memberId}
      ORDER BY b.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: string }>`SELECT count(*) AS n FROM lotto_bill WHERE member_id = ${memberId}`.execute(ex),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * modules/games: the member's bets through the seamless wallet (every provider, the in-house games
 * included), each with what its credits paid and the game's catalogue name and first category.
 * Newest first.
 */
export async function memberBetsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    sql<{
      id: number;
      created_at: Date;
      provider_id: string;
      game_code: string;
      game: string | null;
      category: string | null;
      wallet_type_id: number | null;
      amount: number;
      payout: number;
      state: 'open' | 'settled' | 'rolled_back' | null;
    }>`
      SELECT d.id, d.created_at, d.provider_id, d.game_code, g.name AS game, g.categories[1] AS category,
        d.wallet_type_id, d.amount, d.state,
        COALESCE((SELECT sum(c.amount) FROM wallet_op c
          WHERE c.provider_id = d.provider_id AND c.player_id = d.player_id AND c.bet_tx_id = d.provider_tx_id
            AND c.op = 'credit' AND c.status = 'OK'), 0)::bigint AS payout
      FROM wallet_op d
      LEFT JOIN game g ON g.provider_id = d.provider_id AND g.code = d.game_code
      WHERE d.member_id = ${memberId} AND d.op = 'debit' AND d.status = 'OK'
      ORDER BY d.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: string }>`SELECT count(*) AS n FROM wallet_op
      WHERE member_id = ${memberId} AND op = 'debit' AND status = 'OK'`.execute(ex),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * modules/rewards: the member's reward claims, newest first, and the ones a risk rule holds
 * (docs/rules/engagement.md §0 G5).
 */
export async function memberClaimsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const { rows, total } = await pageOf(
    ex.selectFrom('reward_claim').where('member_id', '=', memberId),
    (q) => q.selectAll().orderBy('id', 'desc'),
    { limit, offset },
  );
  return { rows: rows as ClaimRow[], total };
}

/** How many of the member's claims wait on a hold, and their money (points excluded). */
export async function memberHeldClaims(ex: Executor, memberId: number) {
  const { rows } = await sql<{ n: string; amount: string }>`
    SELECT count(*) AS n, COALESCE(sum(amount) FILTER (WHERE reward_kind IN ('main', 'free_credit')), 0) AS amount
    FROM reward_claim WHERE member_id = ${memberId} AND status = 'held'`.execute(ex);
  return { count: Number(rows[0]?.n ?? 0), amountSatang: Number(rows[0]?.amount ?? 0) };
}

// modules/payments: the member's deposits, withdrawals and deposit promotions, newest first.

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
  const { rows, total } = await pageOf(
    ex.selectFrom('withdrawal').where('member_id', '=', memberId),
    (q) =>
      q
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
        .orderBy('id', 'desc'),
    { limit, offset },
  );
  return { rows: rows as ((typeof rows)[number] & { status: WithdrawalStatus })[], total };
}

export async function memberPromotionsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  return pageOf(
    ex.selectFrom('member_promotion').where('member_id', '=', memberId),
    (q) =>
      q
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
        .orderBy('id', 'desc'),
    { limit, offset },
  );
}
