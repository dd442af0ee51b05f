import * as adminLotto from '@chok/contract/routes/admin-lotto';
import { useState } from 'react';
import { DataTable, timeColumn } from '../../components/DataTable';
import { formatCount } from '../../lib/format';
import { bangkokToday, resultLine, roundStatusLabel, roundStatusTone, STATUS_OPTIONS } from './labels';
import './lotto.css';

/** Yeekee rounds with their shot counts, derived results and published shot lists (docs/rules/lottery.md §9). */
export default function YeekeePage() {
  const [shown, setShown] = useState<{ round_id: number; round_no: number } | null>(null);
  return (
    <>
      <h1>หวยยี่กี</h1>
      <DataTable
        route={adminLotto.adminYeekeeRounds}
        caption="รอบหวยยี่กี"
        rowKey={(r) => r.round_id}
        pageSize={100}
        initialFilters={{ date: bangkokToday() }}
        filters={[
          { name: 'date', label: 'วันที่', type: 'date' },
          { name: 'status', label: 'สถานะ', type: 'select', options: STATUS_OPTIONS },
        ]}
        columns={[
          { key: 'round_no', header: 'รอบที่' },
          timeColumn('close_at', 'ปิดรับ'),
          {
            key: 'status',
            header: 'สถานะ',
            cell: (r) => (
              <span className={roundStatusTone[r.status] ?? 'badge'}>{roundStatusLabel[r.status]}</span>
            ),
            csv: (r) => roundStatusLabel[r.status],
          },
          { key: 'shot_count', header: 'ยิงเลข (ครั้ง)', align: 'end', cell: (r) => formatCount(r.shot_count) },
          { key: 'sum', header: 'ผลรวม (S)', align: 'end', cell: (r) => r.sum ?? '-' },
          { key: 'p16', header: 'ลำดับที่ 16', align: 'end', cell: (r) => r.p16 ?? '-' },
          { key: 'r', header: 'R', cell: (r) => r.r ?? '-' },
          {
            key: 'result',
            header: 'ผลรางวัล',
            cell: (r) => resultLine(r.result),
            csv: (r) => resultLine(r.result),
          },
          {
            key: 'actions',
            header: 'รายการยิงเลข',
            cell: (r) => (
              <button type="button" className="btn btn-small" onClick={() => setShown(r)}>
                ดูรอบที่ {r.round_no}
              </button>
            ),
            csv: () => '',
          },
        ]}
      />
      {shown && (
        <>
          <h2>รายการยิงเลข รอบที่ {shown.round_no}</h2>
          <p className="hint">เผยแพร่เมื่อปิดการยิงเลขแล้ว ตรวจสอบย้อนหลังได้ด้วยค่าแฮชต่อกัน</p>
          <DataTable
            key={shown.round_id}
            route={adminLotto.adminYeekeeShots}
            caption={`รายการยิงเลข รอบที่ ${shown.round_no}`}
            rowKey={(s) => s.seq}
            query={{ id: shown.round_id }}
            empty="ยังไม่เผยแพร่ (รอบนี้ยังยิงเลขอยู่) หรือไม่มีผู้ยิงเลข"
            columns={[
              { key: 'seq', header: 'ลำดับ' },
              { key: 'member', header: 'ผู้ยิง' },
              { key: 'number', header: 'เลข', cell: (s) => <span className="digits">{s.number}</span> },
              timeColumn('server_ts', 'เวลา'),
              {
                key: 'hash',
                header: 'แฮช',
                cell: (s) => <code className="hash">{s.hash.slice(0, 16)}…</code>,
              },
            ]}
          />
        </>
      )}
    </>
  );
}
