import * as adminLotto from '@chok/contract/routes/admin-lotto';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatBaht, formatCount, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';
import { BetTypeOptions } from './BetTypeOptions';
import type { RoundDetail } from './labels';
import { BET_TYPES, type BetType, limitLabel } from './labels';

const REFRESH_MS = 5_000;

type Row = {
  bet_type: BetType;
  label: string;
  number: string;
  stake: string;
  payout: string;
  items: number;
  ceiling: string;
  remaining: string;
  limit: string | null;
};

function Rows({ rows, caption }: { rows: Row[]; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">ประเภท</th>
            <th scope="col">เลข</th>
            <th scope="col" className="num">
              ยอดแทง
            </th>
            <th scope="col" className="num">
              ต้องจ่ายถ้าออก
            </th>
            <th scope="col" className="num">
              รายการ
            </th>
            <th scope="col" className="num">
              รับได้อีก
            </th>
            <th scope="col">เลขอั้น</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((x) => (
            <tr key={`${x.bet_type}:${x.number}`}>
              <td>{x.label}</td>
              <td className="digits">{x.number}</td>
              <td className="num">{formatBaht(x.stake)}</td>
              <td className="num">
                <strong>{formatBaht(x.payout)}</strong>
              </td>
              <td className="num">{formatCount(x.items)}</td>
              <td className="num">{formatBaht(x.remaining)}</td>
              <td>{x.limit ? limitLabel[x.limit] : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What the house pays per bet type and number if it comes, refreshed every few seconds while the
 * page is open: the numbers that cost most, the totals per bet type, and a lookup of one number.
 */
export function ExposurePanel({ round: r }: { round: RoundDetail }) {
  const id = useId();
  const [betType, setBetType] = useState<'' | BetType>('');
  const [top, setTop] = useState(20);
  const [draft, setDraft] = useState('');
  const [number, setNumber] = useState('');
  const live = r.status === 'open' || r.status === 'scheduled';
  const data = useApi(
    adminLotto.adminExposure,
    { id: r.round_id, top, ...(betType ? { bet_type: betType } : {}), ...(number ? { number } : {}) },
    { refetchInterval: live ? REFRESH_MS : false },
  );
  const e = data.data;
  return (
    <>
      <section className="table-block" aria-labelledby={`${id}-totals`}>
        <h2 id={`${id}-totals`}>ยอดเสี่ยงแต่ละประเภท</h2>
        <p className="hint" aria-live="polite">
          {live ? `อัปเดตอัตโนมัติทุก ${REFRESH_MS / 1000} วินาที` : 'งวดนี้ปิดรับแทงแล้ว'} · ข้อมูลเมื่อ{' '}
          {formatDateTime(e?.server_now)}
        </p>
        {data.error && <p className="form-error">{errorMessage(data.error)}</p>}
        {e && (
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">ยอดแทงและยอดจ่ายสูงสุดแต่ละประเภท</caption>
              <thead>
                <tr>
                  <th scope="col">ประเภท</th>
                  <th scope="col" className="num">
                    ยอดแทงรวม
                  </th>
                  <th scope="col" className="num">
                    จ่ายสูงสุดถ้าเลขเดียวออก
                  </th>
                  <th scope="col" className="num">
                    รายการ
                  </th>
                </tr>
              </thead>
              <tbody>
                {e.totals.map((t) => (
                  <tr key={t.bet_type}>
                    <td>{t.label}</td>
                    <td className="num">{formatBaht(t.stake)}</td>
                    <td className="num">{formatBaht(t.max_payout)}</td>
                    <td className="num">{formatCount(t.items)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="table-block" aria-labelledby={`${id}-top`}>
        <h2 id={`${id}-top`}>เลขที่ต้องจ่ายมากที่สุด</h2>
        <form
          className="filters"
          onSubmit={(ev) => {
            ev.preventDefault();
            setNumber(draft);
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-type`}>ประเภท</label>
            <select
              id={`${id}-type`}
              value={betType}
              onChange={(ev) => setBetType(ev.target.value as BetType | '')}
            >
              <option value="">ทุกประเภท</option>
              <BetTypeOptions types={BET_TYPES.filter((t) => r.rates[t]?.enabled)} />
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-n`}>จำนวนอันดับ</label>
            <select id={`${id}-n`} value={top} onChange={(ev) => setTop(Number(ev.target.value))}>
              {[10, 20, 50, 100, 200].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-lookup`}>ค้นหาเลข</label>
            <input
              id={`${id}-lookup`}
              inputMode="numeric"
              value={draft}
              onChange={(ev) => setDraft(ev.target.value.replace(/\D/g, '').slice(0, 3))}
            />
          </div>
          <button type="submit" className="btn">
            ค้นหา
          </button>
        </form>
        {e?.lookup && (
          <>
            <h3>เลข {number}</h3>
            <Rows rows={e.lookup as Row[]} caption={`ยอดเสี่ยงของเลข ${number}`} />
          </>
        )}
        {e && e.top.length === 0 && <p className="empty">ยังไม่มีโพยในงวดนี้</p>}
        {e && e.top.length > 0 && <Rows rows={e.top as Row[]} caption="เลขที่ต้องจ่ายมากที่สุด" />}
      </section>
    </>
  );
}
