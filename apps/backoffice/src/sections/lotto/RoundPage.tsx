import * as adminLotto from '@chok/contract/routes/admin-lotto';
import * as lotto from '@chok/contract/routes/lotto';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { confirm } from '../../components/ConfirmDialog';
import { call, errorMessage } from '../../lib/api';
import { formatBaht, formatCount, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';
import { useSession } from '../../stores/session';
import { ExposurePanel } from './ExposurePanel';
import { LimitsPanel } from './LimitsPanel';
import { type RoundDetail, resultLine, roundName, roundStatusLabel, roundStatusTone } from './labels';
import { RatesPanel } from './RatesPanel';
import { ResultPanel } from './ResultPanel';
import './lotto.css';

const TABS = [
  { id: 'overview', label: 'ภาพรวม' },
  { id: 'result', label: 'ผลรางวัล' },
  { id: 'rates', label: 'อัตราจ่าย' },
  { id: 'limits', label: 'เลขอั้น' },
  { id: 'exposure', label: 'ยอดเสี่ยง' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** One round: its state, close and cancel, the result, its rates, เลขอั้น and the live exposure. */
export default function RoundPage() {
  const roundId = Number(useParams().id);
  const [tab, setTab] = useState<Tab>('overview');
  const round = useApi(adminLotto.adminRound, { id: roundId }, { refetchInterval: 15_000 });
  if (round.isLoading) return <p className="loading">กำลังโหลด…</p>;
  if (round.error || !round.data)
    return (
      <>
        <h1>จัดการงวด</h1>
        <p className="form-error">{errorMessage(round.error)}</p>
      </>
    );
  const r = round.data;
  return (
    <>
      <p>
        <Link to="/lotto/rounds">← งวดหวยทั้งหมด</Link>
      </p>
      <h1>
        {roundName(r)}{' '}
        <span className={roundStatusTone[r.status] ?? 'badge'}>{roundStatusLabel[r.status]}</span>
        {r.rate_overridden && <span className="badge badge-warn">ราคาพิเศษ</span>}
      </h1>
      <div className="tabs" role="tablist" aria-label="ส่วนของงวด">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'overview' && <Overview round={r} />}
        {tab === 'result' && <ResultPanel round={r} />}
        {tab === 'rates' && <RatesPanel round={r} />}
        {tab === 'limits' && <LimitsPanel round={r} />}
        {tab === 'exposure' && <ExposurePanel round={r} />}
      </div>
    </>
  );
}

function Overview({ round: r }: { round: RoundDetail }) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['api', adminLotto.adminRound.path] }),
      client.invalidateQueries({ queryKey: ['api', lotto.adminRounds.path] }),
    ]);
  const live = r.status === 'scheduled' || r.status === 'open' || r.status === 'closed';
  const isOwner = useSession((s) => s.staff?.role === 'owner');
  // Before its scheduled close a round is closed by the owner only (docs/rules/lottery.md §6).
  const early =
    new Date(r.close_at) > new Date(r.server_now) ||
    (r.shoot_close_at !== null && new Date(r.shoot_close_at) > new Date(r.server_now));
  const canReopen =
    isOwner &&
    r.status === 'closed' &&
    r.scheduled_close_at !== null &&
    new Date(r.scheduled_close_at) > new Date(r.server_now);
  const reopen = async () => {
    const ok = await confirm({
      title: 'เปิดรับแทงอีกครั้ง',
      message: `เปิดรับแทง ${roundName(r)} อีกครั้งจนถึงเวลาปิดรับตามตาราง ${formatDateTime(r.scheduled_close_at)}`,
      confirmLabel: 'เปิดรับแทงอีกครั้ง',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) => call(adminLotto.adminReopenRound, { id: r.round_id, reason: v.reason ?? '' }),
      success: 'เปิดรับแทงอีกครั้งแล้ว',
    });
    if (ok) await refresh();
  };
  const closeNow = async () => {
    const ok = await confirm({
      title: 'ปิดรับแทงทันที',
      message: `ปิดรับแทง ${roundName(r)} ตอนนี้ (ก่อนเวลาปิดรับตามตาราง ${formatDateTime(r.close_at)})${r.derive_rule === 'yeekee' ? ' และหยุดยิงเลข ระบบจะออกผลทันที' : ''}`,
      tone: 'danger',
      confirmLabel: 'ปิดรับแทง',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) => call(lotto.adminCloseRound, { id: r.round_id, reason: v.reason ?? '' }),
      success: 'ปิดรับแทงแล้ว',
    });
    if (ok) await refresh();
  };
  const cancel = async () => {
    const ok = await confirm({
      title: 'ยกเลิกงวดและคืนเงิน',
      message: `ยกเลิก ${roundName(r)} และคืนเงินโพยที่รอผลทั้งหมด ${formatCount(r.bill_counts.pending)} โพย ทำย้อนกลับไม่ได้`,
      tone: 'danger',
      confirmLabel: 'ยกเลิกงวด',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) => call(lotto.adminCancelRound, { id: r.round_id, reason: v.reason ?? '' }),
      success: (x) =>
        `ยกเลิกงวดแล้ว คืนเงิน ${formatCount(x.refunded_bills)} โพย รวม ${formatBaht(x.refunded)} บาท`,
    });
    if (ok) await refresh();
  };
  return (
    <div className="cards">
      <section className="card" aria-labelledby="ov-times">
        <h2 id="ov-times">เวลา</h2>
        <dl className="facts">
          <dt>เปิดรับ</dt>
          <dd>{formatDateTime(r.open_at)}</dd>
          <dt>ปิดรับ</dt>
          <dd>{formatDateTime(r.close_at)}</dd>
          {r.scheduled_close_at && (
            <>
              <dt>ปิดรับตามตาราง</dt>
              <dd>{formatDateTime(r.scheduled_close_at)}</dd>
            </>
          )}
          {r.shoot_close_at && (
            <>
              <dt>ปิดยิงเลข</dt>
              <dd>{formatDateTime(r.shoot_close_at)}</dd>
            </>
          )}
          <dt>ออกผล</dt>
          <dd>{formatDateTime(r.expected_result_at)}</dd>
          <dt>บันทึกผล</dt>
          <dd>{formatDateTime(r.resulted_at)}</dd>
          <dt>จ่ายรางวัล</dt>
          <dd>{formatDateTime(r.settled_at)}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="ov-bills">
        <h2 id="ov-bills">โพย</h2>
        <dl className="facts">
          <dt>รอผล</dt>
          <dd>{formatCount(r.bill_counts.pending)}</dd>
          <dt>ถูกรางวัล</dt>
          <dd>{formatCount(r.bill_counts.won)}</dd>
          <dt>ไม่ถูกรางวัล</dt>
          <dd>{formatCount(r.bill_counts.lost)}</dd>
          <dt>ยกเลิก/คืนเงิน</dt>
          <dd>{formatCount(r.bill_counts.cancelled + r.bill_counts.refunded)}</dd>
          <dt>ยอดแทง</dt>
          <dd className="num">{formatBaht(r.total_stake)}</dd>
          <dt>ยอดจ่ายรางวัล</dt>
          <dd className="num">{formatBaht(r.total_win)}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="ov-result">
        <h2 id="ov-result">ผลรางวัล</h2>
        <p>{resultLine(r.result)}</p>
        {r.result_version > 1 && <p className="hint">แก้ไขผลแล้ว {r.result_version - 1} ครั้ง</p>}
        {r.result_review && <p className="form-error">ผลที่บันทึกไม่ตรงกัน รอตรวจสอบ ดูรายละเอียดที่แท็บผลรางวัล</p>}
        {r.template && <p className="hint">สร้างงวดด้วยแม่แบบ: {r.template.name}</p>}
        {r.cancel_reason && <p className="hint">เหตุผลที่ยกเลิก: {r.cancel_reason}</p>}
      </section>
      {live && (
        <section className="card" aria-labelledby="ov-actions">
          <h2 id="ov-actions">จัดการงวด</h2>
          <div className="row">
            {r.status !== 'closed' && (!early || isOwner) && (
              <button type="button" className="btn" onClick={() => void closeNow()}>
                ปิดรับแทงทันที
              </button>
            )}
            {canReopen && (
              <button type="button" className="btn" onClick={() => void reopen()}>
                เปิดรับแทงอีกครั้ง
              </button>
            )}
            <button type="button" className="btn btn-danger" onClick={() => void cancel()}>
              ยกเลิกงวดและคืนเงิน
            </button>
          </div>
          {early && !isOwner && r.status !== 'closed' && (
            <p className="hint">ปิดรับแทงก่อนเวลาที่กำหนดได้เฉพาะเจ้าของระบบ</p>
          )}
        </section>
      )}
    </div>
  );
}
