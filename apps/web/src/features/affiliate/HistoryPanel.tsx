import { useState } from 'react';
import { formatDateTime, formatDay } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { type CommissionDay, PER_PAGE, useAffiliateStatement, useCommissionHistory } from './api';
import { Pager } from './Pager';

function DayItem({ d }: { d: CommissionDay }) {
  return (
    <li className="aff-day">
      <details>
        <summary className="aff-day__head">
          <span>
            <span className="aff-day__date">{formatDay(d.day)}</span>
            <span className="aff-list__meta">{d.lines.length} รายการ · กดเพื่อดูรายละเอียด</span>
          </span>
          <strong className="aff-day__amount">+{formatBaht(d.amount)}</strong>
        </summary>
        <table className="aff-lines">
          <thead>
            <tr>
              <th scope="col">เพื่อน</th>
              <th scope="col">ยอดเสีย</th>
              <th scope="col">อัตรา</th>
              <th scope="col">ค่าแนะนำ</th>
            </tr>
          </thead>
          <tbody>
            {d.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a day's lines are fixed once computed; their order is their identity
              <tr key={`${l.name}-${i}`} className={l.counted ? undefined : 'is-excluded'}>
                <td>
                  {l.name}
                  <span className="aff-lines__level">ขั้นที่ {l.level}</span>
                  {!l.counted && <span className="aff-lines__level">อยู่ระหว่างตรวจสอบ ไม่นับรวม</span>}
                </td>
                <td>{formatBaht(l.net_loss)}</td>
                <td>{Number(l.percent)}%</td>
                <td>{formatBaht(l.commission)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </li>
  );
}

/** Commission per day with its lines, and the affiliate balance's statement. */
export function HistoryPanel() {
  const [tab, setTab] = useState<'days' | 'statement'>('days');
  const [dayPage, setDayPage] = useState(1);
  const [entryPage, setEntryPage] = useState(1);
  const days = useCommissionHistory(dayPage, tab === 'days');
  const entries = useAffiliateStatement(entryPage, tab === 'statement');

  return (
    <section className="panel" aria-labelledby="aff-history-title">
      <h2 id="aff-history-title" className="panel__title">
        ประวัติค่าแนะนำ
      </h2>
      <div className="aff-tabs" role="tablist" aria-label="ประวัติ">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'days'}
          className={`aff-tab${tab === 'days' ? ' is-active' : ''}`}
          onClick={() => setTab('days')}
        >
          ค่าแนะนำรายวัน
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'statement'}
          className={`aff-tab${tab === 'statement' ? ' is-active' : ''}`}
          onClick={() => setTab('statement')}
        >
          รายการเคลื่อนไหว
        </button>
      </div>
      {tab === 'days' && (
        <>
          {days.data && days.data.items.length === 0 && (
            <p className="empty-text">ยังไม่มีค่าแนะนำ ระบบจะคำนวณให้ทุกวันเวลา 01:30 น.</p>
          )}
          <ul className="aff-list" data-testid="affiliate-commissions">
            {days.data?.items.map((d) => (
              <DayItem key={d.day} d={d} />
            ))}
          </ul>
          {days.data && (
            <Pager
              page={dayPage}
              total={days.data.total}
              perPage={PER_PAGE}
              label="เปลี่ยนหน้าค่าแนะนำรายวัน"
              onPage={setDayPage}
            />
          )}
        </>
      )}
      {tab === 'statement' && (
        <>
          {entries.data && entries.data.items.length === 0 && <p className="empty-text">ยังไม่มีรายการ</p>}
          <ul className="aff-list">
            {entries.data?.items.map((e) => (
              <li key={e.id} className="aff-list__item">
                <div>
                  <p className="aff-list__name">{e.description}</p>
                  <p className="aff-list__meta">{formatDateTime(e.created_at)}</p>
                </div>
                <div className="aff-list__side">
                  <strong className={e.kind === 'redeem' ? 'aff-out' : 'aff-in'}>
                    {e.kind === 'redeem' ? '' : '+'}
                    {formatBaht(e.amount)}
                  </strong>
                  <span className="aff-list__meta">คงเหลือ {formatBaht(e.balance_after)}</span>
                </div>
              </li>
            ))}
          </ul>
          {entries.data && (
            <Pager
              page={entryPage}
              total={entries.data.total}
              perPage={PER_PAGE}
              label="เปลี่ยนหน้ารายการเคลื่อนไหว"
              onPage={setEntryPage}
            />
          )}
        </>
      )}
    </section>
  );
}
