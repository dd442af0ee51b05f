import * as adminLotto from '@chok/contract/routes/admin-lotto';
import * as lotto from '@chok/contract/routes/lotto';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable, timeColumn } from '../../components/DataTable';
import { call } from '../../lib/api';
import { formatBaht, formatCount } from '../../lib/format';
import { useApi } from '../../lib/query';
import {
  bangkokToday,
  resultLine,
  roundName,
  roundStatusLabel,
  roundStatusTone,
  STATUS_OPTIONS,
} from './labels';

/** Rounds by date, status and market; open a market's round of a date (docs/rules/lottery.md §6). */
export default function RoundsPage() {
  const markets = useApi(adminLotto.adminMarkets, { page: 1, page_size: 200 });
  const marketOptions = [
    { value: '', label: 'ทุกตลาด' },
    ...(markets.data?.items ?? []).map((m) => ({ value: String(m.market_id), label: m.name })),
  ];
  return (
    <>
      <h1>งวดหวย</h1>
      <OpenRoundForm markets={markets.data?.items ?? []} />
      <DataTable
        route={lotto.adminRounds}
        caption="งวดหวย"
        rowKey={(r) => r.round_id}
        initialFilters={{ date: bangkokToday() }}
        filters={[
          { name: 'date', label: 'วันที่งวด', type: 'date' },
          { name: 'status', label: 'สถานะ', type: 'select', options: STATUS_OPTIONS },
          { name: 'market_id', label: 'ตลาด', type: 'select', options: marketOptions },
        ]}
        columns={[
          { key: 'round_id', header: 'เลขที่' },
          {
            key: 'market_name',
            header: 'งวด',
            cell: (r) => <Link to={`/lotto/rounds/${r.round_id}`}>{roundName(r)}</Link>,
            csv: (r) => roundName(r),
          },
          {
            key: 'status',
            header: 'สถานะ',
            cell: (r) => (
              <span className={roundStatusTone[r.status] ?? 'badge'}>{roundStatusLabel[r.status]}</span>
            ),
            csv: (r) => roundStatusLabel[r.status],
          },
          timeColumn('close_at', 'ปิดรับ'),
          {
            key: 'result',
            header: 'ผลรางวัล',
            cell: (r) => (
              <>
                {resultLine(r.result)}
                {r.result_version > 1 && (
                  <span className="badge badge-warn">แก้ไขครั้งที่ {r.result_version}</span>
                )}
              </>
            ),
            csv: (r) => resultLine(r.result),
          },
          {
            key: 'rate_overridden',
            header: 'อัตราจ่าย',
            cell: (r) => (r.rate_overridden ? <span className="badge badge-warn">ราคาพิเศษ</span> : 'ตามตลาด'),
            csv: (r) => (r.rate_overridden ? 'ราคาพิเศษ' : 'ตามตลาด'),
          },
          { key: 'bills', header: 'โพย', align: 'end', cell: (r) => formatCount(r.bills) },
          { key: 'total_stake', header: 'ยอดแทง', align: 'end', cell: (r) => formatBaht(r.total_stake) },
          {
            key: 'actions',
            header: 'จัดการ',
            cell: (r) => (
              <Link className="btn btn-small" to={`/lotto/rounds/${r.round_id}`}>
                จัดการ
              </Link>
            ),
            csv: () => '',
          },
        ]}
      />
    </>
  );
}

function OpenRoundForm({ markets }: { markets: { market_id: number; name: string; derive_rule: string }[] }) {
  const id = useId();
  const client = useQueryClient();
  const [marketId, setMarketId] = useState('');
  const [date, setDate] = useState(bangkokToday());
  const [roundNo, setRoundNo] = useState('1');
  const market = markets.find((m) => String(m.market_id) === marketId);
  const open = async () => {
    if (!market) return;
    const answer = await confirm({
      title: 'เปิดรับแทงงวด',
      message: `สร้างงวดของ ${market.name} วันที่ ${date} ตามตารางเวลา และเปิดรับแทงงวดที่ ${roundNo} ทันที (เวลาปิดรับเป็นไปตามตาราง)`,
      confirmLabel: 'เปิดรับแทง',
      fields: [{ name: 'reason', label: 'เหตุผล (ถ้ามี)' }],
      action: (v) =>
        call(adminLotto.adminOpenRound, {
          market_id: market.market_id,
          business_date: date,
          round_no: Number(roundNo),
          ...(v.reason ? { reason: v.reason } : {}),
        }),
      success: (r) => `เปิดรับแทง ${roundName(r)} แล้ว`,
    });
    if (answer) await client.invalidateQueries({ queryKey: ['api', lotto.adminRounds.path] });
  };
  return (
    <section className="table-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>เปิดงวด</h2>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          void open();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-market`}>ตลาด</label>
          <select id={`${id}-market`} value={marketId} onChange={(e) => setMarketId(e.target.value)} required>
            <option value="">เลือกตลาด</option>
            {markets.map((m) => (
              <option key={m.market_id} value={m.market_id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>วันที่งวด</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
          />
        </div>
        {market?.derive_rule === 'yeekee' && (
          <div className="field">
            <label htmlFor={`${id}-no`}>รอบที่</label>
            <input
              id={`${id}-no`}
              inputMode="numeric"
              value={roundNo}
              onChange={(e) => setRoundNo(e.target.value.replace(/\D/g, ''))}
            />
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={!market}>
          เปิดรับแทง
        </button>
      </form>
    </section>
  );
}
