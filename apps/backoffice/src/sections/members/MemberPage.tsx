import type { Route } from '@chok/contract/endpoint';
import * as members from '@chok/contract/routes/admin-members';
import * as payments from '@chok/contract/routes/payments';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BankName, bankName } from '../../components/Bank';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable, timeColumn } from '../../components/DataTable';
import { ApiError, call, errorMessage } from '../../lib/api';
import { formatBaht, formatCount, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';
import { useSession } from '../../stores/session';
import { StatusBadge } from './parts';

const TABS = [
  ['overview', 'ภาพรวม'],
  ['ledger', 'รายการเดินบัญชี'],
  ['deposits', 'ฝากเงิน'],
  ['withdrawals', 'ถอนเงิน'],
  ['bills', 'โพยหวย'],
  ['rounds', 'เดิมพันเกม'],
  ['promotions', 'โปรโมชั่น'],
  ['rewards', 'รางวัลที่ได้รับ'],
  ['downline', 'ทีมแนะนำ'],
  ['notes', 'บันทึก'],
  ['protection', 'การคุ้มครองผู้เล่น'],
] as const;
type Tab = (typeof TABS)[number][0];

/** Owned by the player-protection module (read-only here); absent until that module is in. */
const protectionRoute: Route = { method: 'GET', path: '/api/admin/protection/members/:id' };

const money = (v: string | null | undefined) => <span className="num">{formatBaht(v)}</span>;

/** One member: profile, wallets, risk flags and actions, and a tab per kind of history. */
export default function MemberPage() {
  const id = Number(useParams().id);
  const role = useSession((s) => s.staff?.role);
  const detail = useApi(members.memberDetail, { id });
  const [tab, setTab] = useState<Tab>('overview');
  const client = useQueryClient();
  const d = detail.data;
  useEffect(() => {
    document.title = `สมาชิก ${d?.member.phone ?? ''} — Chok หลังบ้าน`;
  }, [d?.member.phone]);

  if (detail.isError) return <p className="form-error">{errorMessage(detail.error)}</p>;
  if (!d) return <p className="loading">กำลังโหลด…</p>;
  const m = d.member;
  const canAct = role === 'owner' || role === 'support';
  const refresh = () => client.invalidateQueries({ queryKey: ['api', members.memberDetail.path] });
  const refreshTab = (route: Route) => client.invalidateQueries({ queryKey: ['api', route.path] });

  const lock = () =>
    confirm({
      title: m.status === 'active' ? 'ระงับการเข้าสู่ระบบ' : 'ยกเลิกการระงับการเข้าสู่ระบบ',
      message:
        m.status === 'active'
          ? `สมาชิก ${m.phone} จะออกจากระบบทุกอุปกรณ์ทันที และเข้าสู่ระบบไม่ได้จนกว่าจะยกเลิกการระงับ`
          : `สมาชิก ${m.phone} จะเข้าสู่ระบบได้อีกครั้ง`,
      tone: m.status === 'active' ? 'danger' : 'primary',
      confirmLabel: m.status === 'active' ? 'ระงับ' : 'ยกเลิกการระงับ',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) =>
        call(m.status === 'active' ? members.lockMemberLogin : members.unlockMemberLogin, {
          id,
          reason: v.reason ?? '',
        }),
      success: m.status === 'active' ? 'ระงับการเข้าสู่ระบบแล้ว' : 'ยกเลิกการระงับแล้ว',
    }).then(refresh);

  const resetOtp = () =>
    confirm({
      title: 'ส่งรหัส OTP ตั้งรหัสผ่านใหม่',
      message: `ระบบจะส่ง SMS รหัส OTP ไปที่เบอร์ ${m.phone} ของสมาชิก เพื่อให้สมาชิกตั้งรหัสผ่านใหม่เองที่หน้าเว็บ เจ้าหน้าที่จะไม่เห็นรหัส`,
      confirmLabel: 'ส่งรหัส',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) => call(members.sendMemberResetOtp, { id, reason: v.reason ?? '' }),
      success: (r) => `ส่งรหัสไปที่ ${r.phone} แล้ว (รหัสอ้างอิง ${r.ref})`,
    });

  const addNote = () =>
    confirm({
      title: 'เพิ่มบันทึก',
      confirmLabel: 'บันทึก',
      fields: [{ name: 'body', label: 'ข้อความบันทึก', type: 'textarea', required: true }],
      action: (v) => call(members.addMemberNote, { id, body: v.body ?? '' }),
      success: 'เพิ่มบันทึกแล้ว',
    }).then((r) => {
      if (r) {
        setTab('notes');
        void refreshTab(members.memberNotes);
      }
    });

  const setCap = () =>
    confirm({
      title: 'ยอดถอนสูงสุดต่อวันของสมาชิก',
      message: `ค่าเริ่มต้นของเว็บไซต์ ${formatBaht(d.withdraw_cap.default_daily_cap)} บาท เว้นว่างเพื่อใช้ค่าเริ่มต้น`,
      confirmLabel: 'บันทึก',
      fields: [
        {
          name: 'daily_cap',
          label: 'ยอดถอนสูงสุดต่อวัน (บาท)',
          inputMode: 'decimal',
          initial: d.withdraw_cap.member_daily_cap ?? '',
        },
        { name: 'reason', label: 'เหตุผล', type: 'textarea', required: true },
      ],
      action: (v) =>
        call(members.setMemberWithdrawCap, {
          id,
          daily_cap: v.daily_cap ? v.daily_cap : null,
          reason: v.reason ?? '',
        }),
      success: 'บันทึกยอดถอนสูงสุดแล้ว',
    }).then(refresh);

  return (
    <>
      <p>
        <Link to="/members">← กลับไปค้นหาสมาชิก</Link>
      </p>
      <h1>
        สมาชิก {m.phone} <StatusBadge status={m.status} />
      </h1>
      <div className="row">
        {canAct && (
          <>
            <button type="button" className={m.status === 'active' ? 'btn btn-danger' : 'btn'} onClick={lock}>
              {m.status === 'active' ? 'ระงับการเข้าสู่ระบบ' : 'ยกเลิกการระงับ'}
            </button>
            <button type="button" className="btn" onClick={resetOtp}>
              ส่ง OTP ตั้งรหัสผ่านใหม่
            </button>
            <button type="button" className="btn" onClick={addNote}>
              เพิ่มบันทึก
            </button>
          </>
        )}
        <button type="button" className="btn" onClick={setCap}>
          กำหนดยอดถอนสูงสุด
        </button>
      </div>

      <div className="tabs" role="tablist" aria-label="ข้อมูลสมาชิก">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`panel-${key}`}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'overview' && <Overview d={d} />}
        {tab === 'ledger' && (
          <DataTable
            route={members.memberLedger}
            query={{ id }}
            caption={`รายการเดินบัญชี ${m.phone}`}
            rowKey={(r) => `${r.id}-${r.direction}-${r.wallet_name}`}
            columns={[
              timeColumn('created_at', 'เวลา'),
              { key: 'description', header: 'รายการ' },
              { key: 'wallet_name', header: 'กระเป๋า' },
              {
                key: 'amount',
                header: 'จำนวน (บาท)',
                align: 'end',
                cell: (r) => (
                  <span className="num">
                    {r.direction === 'in' ? '+' : '−'}
                    {formatBaht(r.amount)}
                  </span>
                ),
                csv: (r) => (r.direction === 'in' ? r.amount : `-${r.amount}`),
              },
            ]}
          />
        )}
        {tab === 'deposits' && (
          <DataTable
            route={members.memberDeposits}
            query={{ id }}
            caption={`รายการฝากเงิน ${m.phone}`}
            rowKey={(r) => r.id}
            columns={[
              { key: 'id', header: 'เลขที่' },
              timeColumn('created_at', 'เวลา'),
              { key: 'channel', header: 'ช่องทาง' },
              { key: 'amount', header: 'ยอด (บาท)', align: 'end', cell: (r) => money(r.amount) },
              { key: 'status_label', header: 'สถานะ' },
              { key: 'confirmed_via', header: 'ยืนยันโดย', cell: (r) => r.confirmed_via ?? '-' },
            ]}
          />
        )}
        {tab === 'withdrawals' && (
          <DataTable
            route={members.memberWithdrawals}
            query={{ id }}
            caption={`รายการถอนเงิน ${m.phone}`}
            rowKey={(r) => r.id}
            columns={[
              { key: 'id', header: 'เลขที่' },
              timeColumn('created_at', 'เวลา'),
              { key: 'amount', header: 'ยอด (บาท)', align: 'end', cell: (r) => money(r.amount) },
              { key: 'status_label', header: 'สถานะ' },
              {
                key: 'account_no',
                header: 'บัญชีรับเงิน',
                cell: (r) => <BankName code={r.bank_code} account={r.account_no} />,
                csv: (r) => `${bankName(r.bank_code)} ${r.account_no}`,
              },
              { key: 'bank_ref', header: 'เลขอ้างอิง', cell: (r) => r.bank_ref ?? r.reason ?? '-' },
            ]}
          />
        )}
        {tab === 'bills' && (
          <DataTable
            route={members.memberBills}
            query={{ id }}
            caption={`โพยหวย ${m.phone}`}
            rowKey={(r) => r.id}
            columns={[
              { key: 'id', header: 'เลขที่โพย' },
              timeColumn('created_at', 'เวลา'),
              { key: 'market', header: 'หวย' },
              { key: 'items', header: 'จำนวนเลข', align: 'end' },
              { key: 'stake', header: 'ยอดแทง (บาท)', align: 'end', cell: (r) => money(r.stake) },
              { key: 'win', header: 'ยอดถูกรางวัล (บาท)', align: 'end', cell: (r) => money(r.win) },
              { key: 'status_label', header: 'สถานะ' },
            ]}
          />
        )}
        {tab === 'rounds' && (
          <DataTable
            route={members.memberRounds}
            query={{ id }}
            caption={`เดิมพันเกม ${m.phone}`}
            rowKey={(r) => r.id}
            columns={[
              timeColumn('created_at', 'เวลา'),
              { key: 'game', header: 'เกม' },
              { key: 'provider', header: 'ค่ายเกม' },
              { key: 'stake', header: 'เดิมพัน (บาท)', align: 'end', cell: (r) => money(r.stake) },
              { key: 'payout', header: 'ได้คืน (บาท)', align: 'end', cell: (r) => money(r.payout) },
              { key: 'state_label', header: 'สถานะ' },
            ]}
          />
        )}
        {(tab === 'promotions' || tab === 'rewards') && (
          <DataTable
            key={tab}
            route={members.memberRewards}
            query={{ id, kind: tab === 'promotions' ? 'promotions' : 'claims' }}
            caption={tab === 'promotions' ? `โปรโมชั่นที่รับ ${m.phone}` : `รางวัลที่ได้รับ ${m.phone}`}
            rowKey={(r) => r.id}
            columns={[
              timeColumn('created_at', 'เวลา'),
              { key: 'title', header: 'รายการ' },
              {
                key: 'amount',
                header: 'จำนวน',
                align: 'end',
                cell: (r) =>
                  r.unit === 'points'
                    ? `${formatCount(Number(r.amount))} แต้ม`
                    : `${formatBaht(r.amount)} บาท`,
              },
              { key: 'status_label', header: 'สถานะ' },
              { key: 'detail', header: 'รายละเอียด' },
            ]}
          />
        )}
        {tab === 'downline' && (
          <DataTable
            route={members.memberDownline}
            query={{ id }}
            caption={`ทีมแนะนำของ ${m.phone}`}
            rowKey={(r) => r.id}
            columns={[
              {
                key: 'phone',
                header: 'เบอร์โทรศัพท์',
                cell: (r) => <Link to={`/members/${r.id}`}>{r.phone}</Link>,
              },
              { key: 'account_name', header: 'ชื่อบัญชี' },
              timeColumn('created_at', 'สมัครเมื่อ'),
              { key: 'downline_count', header: 'แนะนำต่อ (คน)', align: 'end' },
            ]}
          />
        )}
        {tab === 'notes' && (
          <DataTable
            route={members.memberNotes}
            query={{ id }}
            caption={`บันทึกของเจ้าหน้าที่ ${m.phone}`}
            rowKey={(r) => r.id}
            empty="ยังไม่มีบันทึก"
            columns={[
              timeColumn('created_at', 'เวลา'),
              { key: 'staff_username', header: 'เจ้าหน้าที่' },
              { key: 'body', header: 'บันทึก' },
            ]}
          />
        )}
        {tab === 'protection' && (
          <Protection id={id} canPay={role === 'owner' || role === 'finance'} phone={m.phone} />
        )}
      </div>
    </>
  );
}

type Detail = NonNullable<
  ReturnType<typeof useApi<typeof members.memberDetail extends Route<infer E> ? E : never>>['data']
>;

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {items.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Overview({ d }: { d: Detail }) {
  const m = d.member;
  return (
    <div className="cards">
      <section className="card" aria-labelledby="ov-profile">
        <h2 id="ov-profile">ข้อมูลสมาชิก</h2>
        <Facts
          items={[
            ['ชื่อบัญชี', m.account_name],
            ['ธนาคาร', <BankName key="bank" code={m.bank_code} account={m.account_no} />],
            ['ทรูมันนี่วอลเล็ท', m.sub_bank_account ?? '-'],
            ['ไอดีไลน์', m.line_id ?? '-'],
            ['รหัสแนะนำ', m.referral_code],
            ['สมัครเมื่อ', formatDateTime(m.created_at)],
            ['เข้าสู่ระบบล่าสุด', formatDateTime(m.last_login_at)],
            ['สถานะ', m.status_label],
            ['ใส่รหัสผ่านผิด', `${formatCount(m.failed_login_count)} ครั้ง`],
          ]}
        />
      </section>
      <section className="card" aria-labelledby="ov-wallets">
        <h2 id="ov-wallets">กระเป๋าเงิน</h2>
        <Facts items={d.wallets.map((w) => [w.name, <span key={w.name}>{money(w.balance)} บาท</span>])} />
      </section>
      <section className="card" aria-labelledby="ov-risk">
        <h2 id="ov-risk">สัญญาณความเสี่ยง</h2>
        <Facts
          items={[
            [
              'ตรวจชื่อบัญชี',
              d.risk.name_check === 'verified' ? (
                <span key="ok" className="badge badge-ok">
                  ตรวจแล้ว {formatDateTime(d.risk.name_verified_at)}
                </span>
              ) : (
                <span key="need" className="badge badge-warn" style={{ whiteSpace: 'normal' }}>
                  ต้องตรวจก่อนจ่ายครั้งแรก
                </span>
              ),
            ],
            [
              'รางวัลที่ระงับรอตรวจ',
              d.risk.held_rewards > 0 ? (
                <span key="k1" className="badge badge-warn">
                  {formatCount(d.risk.held_rewards)} รายการ ({formatBaht(d.risk.held_rewards_amount)} บาท)
                </span>
              ) : (
                'ไม่มี'
              ),
            ],
            [
              'การระงับถอนเงิน',
              d.risk.open_freezes.length > 0 ? (
                <span key="k2" className="badge badge-danger">
                  {d.risk.open_freezes
                    .map((f) => `${f.reason_label} (${formatDateTime(f.created_at)})`)
                    .join(', ')}
                </span>
              ) : (
                'ไม่มี'
              ),
            ],
            [
              'ชื่อบัญชีซ้ำกับสมาชิกอื่น',
              d.risk.account_name_shared ? (
                <span key="k3" className="badge badge-warn">
                  ซ้ำ
                </span>
              ) : (
                'ไม่ซ้ำ'
              ),
            ],
          ]}
        />
      </section>
      <section className="card" aria-labelledby="ov-cap">
        <h2 id="ov-cap">การถอนเงินวันนี้</h2>
        <Facts
          items={[
            [
              'ยอดถอนสูงสุดต่อวัน',
              d.withdraw_cap.member_daily_cap ? (
                <span key="own">{money(d.withdraw_cap.member_daily_cap)} บาท (เฉพาะสมาชิกนี้)</span>
              ) : (
                <span key="default">{money(d.withdraw_cap.default_daily_cap)} บาท (ค่าเริ่มต้น)</span>
              ),
            ],
            ['ถอนแล้ววันนี้', <span key="used">{money(d.withdraw_cap.used_today)} บาท</span>],
          ]}
        />
      </section>
      <section className="card" aria-labelledby="ov-referral">
        <h2 id="ov-referral">สายแนะนำ</h2>
        <Facts
          items={[
            ...d.referral.upline.map(
              (u) =>
                [
                  `ผู้แนะนำชั้นที่ ${u.level}`,
                  <Link key={u.id} to={`/members/${u.id}`}>
                    {u.phone} {u.account_name}
                  </Link>,
                ] as [string, ReactNode],
            ),
            ['แนะนำโดยตรง', `${formatCount(d.referral.level1_count)} คน`],
            ['ชั้นที่ 2', `${formatCount(d.referral.level2_count)} คน`],
          ]}
        />
      </section>
    </div>
  );
}

/** `GET /api/admin/protection/members/:id` (the player-protection module's contract). */
interface ProtectionAnswer {
  limits: {
    kind: 'deposit' | 'loss';
    period: 'day' | 'week' | 'month';
    amount: string | null;
    pending_amount: string | null;
    pending_from: string | null;
    used: string;
    resets_at: string;
  }[];
  reality_check_minutes: number | null;
  block: { kind: 'timeout' | 'exclusion'; choice: string; started_at: string; until: string | null } | null;
  changes: { at: string; action: string; description: string }[];
}
const LIMIT_KIND: Record<string, string> = { deposit: 'วงเงินฝาก', loss: 'วงเงินเสีย' };
const PERIOD: Record<string, string> = { day: 'ต่อวัน', week: 'ต่อสัปดาห์', month: 'ต่อเดือน' };

/**
 * The member's protection state, owned by the player-protection module; read-only here. A
 * self-excluded member cannot log in, so finance requests the withdrawal of the member's money to the
 * registered account from here (it then waits in the withdrawal queue like any other).
 */
function Protection({ id, canPay, phone }: { id: number; canPay: boolean; phone: string }) {
  const [state, setState] = useState<{ data?: ProtectionAnswer; missing?: boolean; error?: string }>({});
  useEffect(() => {
    let live = true;
    call(protectionRoute, { id } as never).then(
      (data) => live && setState({ data: data as ProtectionAnswer }),
      (err) =>
        live &&
        setState(
          err instanceof ApiError && err.status === 404 ? { missing: true } : { error: errorMessage(err) },
        ),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (state.missing) return <p className="empty">ยังไม่มีข้อมูลการคุ้มครองผู้เล่นในระบบ</p>;
  if (state.error) return <p className="form-error">{state.error}</p>;
  const p = state.data;
  if (!p) return <p className="loading">กำลังโหลด…</p>;
  const block = p.block
    ? `${p.block.kind === 'timeout' ? 'พักการเล่น' : 'ระงับตนเอง'} ตั้งแต่ ${formatDateTime(p.block.started_at)} ถึง ${
        p.block.until ? formatDateTime(p.block.until) : 'ถาวร'
      }`
    : 'ไม่มี';
  const payOut = () =>
    confirm({
      title: 'ขอถอนเงินให้สมาชิกที่ระงับตนเอง',
      message: `สมาชิก ${phone} ระงับการเล่นด้วยตนเองและเข้าสู่ระบบไม่ได้ ยอดที่กรอกจะเข้าคิวถอนเงินไปยังบัญชีธนาคารที่สมาชิกลงทะเบียนไว้ และต้องอนุมัติในคิวถอนเงินตามปกติ`,
      confirmLabel: 'ส่งเข้าคิวถอนเงิน',
      fields: [
        { name: 'amount', label: 'ยอดถอน (บาท เต็มจำนวน)', inputMode: 'numeric', required: true },
        { name: 'reason', label: 'เหตุผล', type: 'textarea', required: true },
      ],
      action: (v) =>
        call(payments.excludedMemberWithdrawal, {
          id,
          amount: v.amount ?? '',
          reason: v.reason ?? '',
        } as never),
      success: (w) => `ส่งรายการถอน ${formatBaht(w.amount)} บาท เข้าคิวแล้ว`,
    });
  return (
    <div className="cards">
      <section className="card" aria-labelledby="pr-state">
        <h2 id="pr-state">สิ่งที่สมาชิกตั้งไว้</h2>
        <p className="hint">สมาชิกเป็นผู้ตั้งเอง เจ้าหน้าที่แก้ไขไม่ได้</p>
        {canPay && p.block?.kind === 'exclusion' && (
          <p>
            <button type="button" className="btn" onClick={payOut} data-testid="excluded-withdrawal">
              ขอถอนเงินให้สมาชิก
            </button>
          </p>
        )}
        <Facts
          items={[
            ['พักการเล่นหรือระงับตนเอง', block],
            [
              'เตือนเวลาเล่น',
              p.reality_check_minutes ? `ทุก ${formatCount(p.reality_check_minutes)} นาที` : 'ไม่ได้ตั้ง',
            ],
            ...p.limits.map(
              (l) =>
                [
                  `${LIMIT_KIND[l.kind] ?? l.kind} ${PERIOD[l.period] ?? l.period}`,
                  l.amount === null
                    ? 'ไม่ได้ตั้ง'
                    : `${formatBaht(l.amount)} บาท (ใช้ไป ${formatBaht(l.used)} บาท)${
                        l.pending_from ? ` มีการเปลี่ยนแปลงรอมีผล ${formatDateTime(l.pending_from)}` : ''
                      }`,
                ] as [string, ReactNode],
            ),
          ]}
        />
      </section>
      <section className="card" aria-labelledby="pr-history">
        <h2 id="pr-history">ประวัติการเปลี่ยนแปลง</h2>
        {p.changes.length === 0 ? (
          <p className="empty">ไม่มีการเปลี่ยนแปลง</p>
        ) : (
          <ul>
            {p.changes.map((c) => (
              <li key={`${c.at}-${c.action}`}>
                {formatDateTime(c.at)} — {c.description}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
