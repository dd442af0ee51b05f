import { useState } from 'react';
import { useRates } from '../../features/lotto/api';
import { CategoryTabs } from '../../features/lotto/CategoryTabs';
import { LottoNav } from '../../features/lotto/LottoNav';
import { useMinimumPending } from '../../lib/pending';
import './lotto.css';
import { formatNumber } from '../../lib/numbers';

export default function Rates() {
  const all = useRates();
  const [category, setCategory] = useState('thai');
  const loading = useMinimumPending(all.isLoading);
  const cats = (loading ? undefined : all.data?.categories) ?? [];
  const current = cats.find((c) => c.id === category) ?? cats[0];
  return (
    <div className="container lotto-page">
      <LottoNav />
      <h1 className="page-title">อัตราจ่ายหวย</h1>
      <CategoryTabs cats={cats} current={current?.id} onSelect={setCategory} />
      {loading && <p className="empty-text">กำลังโหลดอัตราจ่าย…</p>}
      <div className="rates-grid">
        {current?.markets.map((m) => (
          <section key={m.market_id} className="panel rates-card" aria-labelledby={`rate-${m.code}`}>
            <h2 id={`rate-${m.code}`} className="panel__title">
              {m.name}
            </h2>
            {m.special && <p className="rate-special">ราคาพิเศษเฉพาะงวดนี้</p>}
            <table className="rates-table">
              <thead>
                <tr>
                  <th>ประเภท</th>
                  <th>บาทละ</th>
                  <th>ขั้นต่ำ</th>
                  <th>สูงสุด/รายการ</th>
                </tr>
              </thead>
              <tbody>
                {m.rates
                  .filter((r) => r.enabled)
                  .map((r) => (
                    <tr key={r.bet_type}>
                      <td>{r.label}</td>
                      <td className="rates-table__rate">{formatNumber(Number(r.rate))}</td>
                      <td>{formatNumber(r.min)}</td>
                      <td>{formatNumber(r.max)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </div>
  );
}
