import { memberStatusLabels } from '@chok/contract/api/admin-members';
import { formatBaht, type Satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { staffRefs } from '../admin/service.ts';
import { networkCounts } from '../affiliate/service.ts';
import { promotionRefs } from '../content/service.ts';
import { accountNameShared, addMemberNote as addNote } from '../members/service.ts';
import { depositLabels, withdrawalLabels, withdrawCapState } from '../payments/service.ts';
import { featureLabels } from '../rewards/service.ts';
import { describeLine, memberStatement, transferKinds } from '../wallet/service.ts';
import * as q from './member-queries.ts';

/**
 * The operator console's member pages (its Members section): search and each tab of a member, read by
 * the console's own statements (`member-queries.ts`, as the owners grant it) and the owners' services;
 * a note is written by modules/members.
 */

export interface MembersDeps {
  db: Db;
  clock: Clock;
}

export interface Paging {
  page: number;
  page_size: number;
}

const offsetOf = (p: Paging) => (p.page - 1) * p.page_size;
const pageOf = <T>(p: Paging, items: T[], total: number) => ({
  items,
  total,
  page: p.page,
  page_size: p.page_size,
});
const iso = (d: Date | null) => d?.toISOString() ?? null;
const money = (satang: number) => formatBaht(satang as Satang);

async function mustExist(d: MembersDeps, memberId: number) {
  const m = await q.memberForStaff(d.db, memberId);
  if (!m) throw new AppError('MEMBER_NOT_FOUND');
  return m;
}

function listRow(m: NonNullable<Awaited<ReturnType<typeof q.memberForStaff>>>) {
  return {
    id: m.id,
    phone: m.phone,
    account_name: m.account_name,
    bank_code: m.bank_code,
    account_no: m.account_no,
    referral_code: m.referral_code,
    status: m.status,
    created_at: m.created_at.toISOString(),
    last_login_at: iso(m.last_login_at),
  };
}

export async function searchMembers(d: MembersDeps, f: Paging & { q?: string | undefined }) {
  const { rows, total } = await q.searchMembers(d.db, f.q || null, f.page_size, offsetOf(f));
  return pageOf(
    f,
    rows.map((m) => ({
      ...m,
      created_at: m.created_at.toISOString(),
      last_login_at: iso(m.last_login_at),
    })),
    total,
  );
}

export async function memberDetail(d: MembersDeps, memberId: number) {
  const m = await mustExist(d, memberId);
  const [wallets, upline, counts, held, freezes, shared, cap] = await Promise.all([
    q.walletsWithNames(d.db, memberId),
    q.uplineChain(d.db, memberId, 5),
    networkCounts(d.db, memberId),
    q.memberHeldClaims(d.db, memberId),
    q.openFreezesOf(d.db, memberId),
    accountNameShared(d.db, memberId),
    withdrawCapState(d.db, memberId, d.clock.now()),
  ]);
  return {
    member: {
      ...listRow(m),
      line_id: m.line_id,
      sub_bank_account: m.sub_bank_account,
      register_ip: m.register_ip,
      failed_login_count: m.failed_login_count,
      locked_until: iso(m.locked_until),
      status_label: memberStatusLabels[m.status],
    },
    wallets: wallets.map((w) => ({
      wallet_type_id: w.wallet_type_id ?? 0,
      name: w.name,
      balance: money(w.balance ?? 0),
    })),
    referral: {
      upline,
      level1_count: counts.level1,
      level2_count: counts.level2,
    },
    risk: {
      name_check: m.name_verified_at ? ('verified' as const) : ('required' as const),
      name_verified_at: iso(m.name_verified_at),
      held_rewards: held.count,
      held_rewards_amount: money(held.amountSatang),
      open_freezes: freezes.map((f) => ({
        id: f.id,
        reason_label: f.reason === 'reconciliation' ? 'ยอดคงเหลือไม่ตรงกับรายการเดินบัญชี' : f.reason,
        created_at: f.created_at.toISOString(),
      })),
      account_name_shared: shared,
    },
    withdraw_cap: cap,
  };
}

export async function memberLedger(d: MembersDeps, memberId: number, p: Paging) {
  await mustExist(d, memberId);
  const { rows, total } = await memberStatement(d.db, {
    memberId,
    kinds: null,
    fromDate: null,
    toDate: null,
    limit: p.page_size,
    offset: offsetOf(p),
  });
  return pageOf(
    p,
    rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      kind: r.kind,
      kind_label: transferKinds[r.kind]?.label ?? r.kind,
      direction: r.direction,
      amount: money(r.amount),
      wallet_name: r.wallet_name,
      description: describeLine({
        kind: r.kind,
        direction: r.direction,
        reference: r.reference,
        game_name: null,
      }),
    })),
    Number(total),
  );
}

const billLabels: Record<string, string> = {
  pending: 'รอผล',
  won: 'ถูกรางวัล',
  lost: 'ไม่ถูกรางวัล',
  cancelled: 'ยกเลิกแล้ว',
  refunded: 'คืนเงินแล้ว',
};

export async function memberBills(d: MembersDeps, memberId: number, p: Paging) {
  await mustExist(d, memberId);
  const { rows, total } = await q.memberBillsPage(d.db, memberId, p.page_size, offsetOf(p));
  return pageOf(
    p,
    rows.map((b) => ({
      id: b.id,
      created_at: b.created_at.toISOString(),
      market: `${b.market} งวด ${b.business_date}`,
      round_id: b.round_id,
      status: b.status,
      status_label: billLabels[b.status] ?? b.status,
      stake: money(b.total_stake),
      win: money(b.total_win),
      items: Number(b.items),
    })),
    total,
  );
}

const betStateLabels: Record<string, string> = {
  open: 'รอผล',
  settled: 'จบรอบแล้ว',
  rolled_back: 'ยกเลิก คืนเงินแล้ว',
};

export async function memberRounds(d: MembersDeps, memberId: number, p: Paging) {
  await mustExist(d, memberId);
  const { rows, total } = await q.memberBetsPage(d.db, memberId, p.page_size, offsetOf(p));
  return pageOf(
    p,
    rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      provider: r.provider_id,
      game: r.game ?? r.game_code,
      category: r.category ?? '',
      wallet_type_id: r.wallet_type_id,
      stake: money(r.amount),
      payout: money(Number(r.payout)),
      state: r.state ?? 'open',
      state_label: betStateLabels[r.state ?? 'open'] ?? '',
    })),
    total,
  );
}

const viaLabels: Record<string, string> = {
  operator: 'เจ้าหน้าที่ยืนยัน',
  statement: 'ตรวจพบจากรายการเดินบัญชี',
  gateway: 'ช่องทางชำระเงินอัตโนมัติ',
};

export async function memberDeposits(d: MembersDeps, memberId: number, p: Paging) {
  await mustExist(d, memberId);
  const { rows, total } = await q.memberDepositsPage(d.db, memberId, p.page_size, offsetOf(p));
  return pageOf(
    p,
    rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      amount: money(r.amount_satang),
      paid: r.paid_satang === null ? null : money(r.paid_satang),
      status: r.status,
      status_label: depositLabels[r.status],
      channel: r.channel,
      confirmed_via: r.confirmed_via ? (viaLabels[r.confirmed_via] ?? r.confirmed_via) : null,
      reason: r.reason,
    })),
    total,
  );
}

export async function memberWithdrawals(d: MembersDeps, memberId: number, p: Paging) {
  await mustExist(d, memberId);
  const { rows, total } = await q.memberWithdrawalsPage(d.db, memberId, p.page_size, offsetOf(p));
  return pageOf(
    p,
    rows.map((w) => ({
      id: w.id,
      created_at: w.created_at.toISOString(),
      amount: money(w.amount_satang),
      status: w.status,
      status_label: withdrawalLabels[w.status],
      bank_code: w.bank_code,
      account_no: w.account_no,
      bank_ref: w.bank_ref,
      reason: w.reason,
      decided_at: iso(w.decided_at),
    })),
    total,
  );
}

const promotionStatusLabels: Record<string, string> = {
  active: 'กำลังทำเทิร์น',
  completed: 'ทำเทิร์นครบ',
  expired: 'หมดเวลา',
  lost: 'ยอดหมดก่อนทำเทิร์นครบ',
  cancelled: 'ยกเลิก',
};
const claimStatusLabels: Record<string, string> = {
  paid: 'จ่ายแล้ว',
  held: 'ระงับรอตรวจสอบ',
  rejected: 'ไม่อนุมัติ',
  withheld: 'งดจ่าย (ถึงกำหนดระหว่างพักการเล่น)',
};

export async function memberRewards(
  d: MembersDeps,
  memberId: number,
  p: Paging & { kind: 'promotions' | 'claims' },
) {
  await mustExist(d, memberId);
  if (p.kind === 'promotions') {
    const [{ rows, total }, titles] = await Promise.all([
      q.memberPromotionsPage(d.db, memberId, p.page_size, offsetOf(p)),
      promotionRefs(d.db),
    ]);
    const title = new Map(titles.map((t) => [t.id, t.title]));
    return pageOf(
      p,
      rows.map((r) => ({
        id: r.id,
        created_at: r.taken_at.toISOString(),
        title: title.get(r.promotion_id) ?? `โปรโมชั่น #${r.promotion_id}`,
        amount: money(r.bonus_satang),
        unit: 'baht' as const,
        status: r.status,
        status_label: promotionStatusLabels[r.status] ?? r.status,
        detail: `ฝาก ${money(r.deposit_satang)} บาท · ยอดเทิร์นที่ต้องทำ ${money(r.required_turnover_satang)} บาท`,
      })),
      total,
    );
  }
  const { rows, total } = await q.memberClaimsPage(d.db, memberId, p.page_size, offsetOf(p));
  return pageOf(
    p,
    rows.map((c) => ({
      id: c.id,
      created_at: c.created_at.toISOString(),
      title: featureLabels[c.feature] ?? c.feature,
      amount: c.reward_kind === 'points' ? String(c.amount) : money(c.amount),
      unit: c.reward_kind === 'points' ? ('points' as const) : ('baht' as const),
      status: c.status,
      status_label: claimStatusLabels[c.status] ?? c.status,
      detail: [
        c.reference,
        c.hold_reason ? `${c.status === 'withheld' ? 'เหตุที่งดจ่าย' : 'เหตุที่ระงับ'}: ${c.hold_reason}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    total,
  );
}

export async function memberDownline(d: MembersDeps, memberId: number, p: Paging) {
  await mustExist(d, memberId);
  const { rows, total } = await q.directDownline(d.db, memberId, p.page_size, offsetOf(p));
  return pageOf(
    p,
    rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    total,
  );
}

async function noteViews(
  d: MembersDeps,
  rows: { id: number; body: string; staff_id: number; created_at: Date }[],
) {
  const staff = await staffRefs(
    d.db,
    rows.map((r) => r.staff_id),
  );
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    staff_id: r.staff_id,
    staff_username: staff.get(r.staff_id)?.username ?? '',
    created_at: r.created_at.toISOString(),
  }));
}

export async function memberNotes(d: MembersDeps, memberId: number, p: Paging) {
  await mustExist(d, memberId);
  const { rows, total } = await q.notesPage(d.db, memberId, p.page_size, offsetOf(p));
  return pageOf(p, await noteViews(d, rows), total);
}

/** A note on a member, audited in the same transaction (the note's text in the audit record). */
export async function addMemberNote(d: MembersDeps, staffId: number, memberId: number, body: string) {
  const row = await addNote(d, { staffId, memberId, body });
  const [view] = await noteViews(d, [row]);
  return view!;
}
