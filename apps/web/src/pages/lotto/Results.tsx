import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { resultsDateOf, useBills, useResults } from '../../features/lotto/api';
import { BillCard } from '../../features/lotto/BillCard';
import { BillDetailDialog } from '../../features/lotto/BillDetailDialog';
import { CategoryTabs, withAll } from '../../features/lotto/CategoryTabs';
import { LottoNav } from '../../features/lotto/LottoNav';
import { clockTime, roundDate } from '../../features/lotto/labels';
import { ResultDigits } from '../../features/lotto/ResultDigits';
import { useMinimumPending } from '../../lib/pending';
import { useServerNow } from '../../lib/server-clock';
import { useLocalData } from '../../stores/local';
import './lotto.css';
import './results.css';
import { addDays, bangkokDate } from '@chok/engine/bangkok-calendar';

/** The server's business date in Bangkok (lib/server-clock.ts), not this device's. */
const dayOf = (now: number) => bangkokDate(new Date(now));

export default function Results() {
  const [params, setParams] = useSearchParams();
  const date = resultsDateOf(params);
  const today = dayOf(useServerNow(60_000));
  const results = useResults(date);
  const day = results.data?.date ?? date;
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const bills = useBills({ date: day, per_page: 50 }, isLoggedIn && day !== undefined);
  const settled = bills.data?.items.filter((b) => b.status !== 'pending') ?? [];
  const [category, setCategory] = useState('all');
  const [detail, setDetail] = useState<number | null>(null);
  const loading = useMinimumPending(results.isLoading);
  const cats = (loading ? undefined : results.data?.categories) ?? [];

  return (
    <div className="container lotto-page">
      <LottoNav />
      <div className="results-head">
        <h1 className="page-title">ผลหวย</h1>
        <div className="results-days">
          <button
            type="button"
            className="btn btn--ghost btn--sm results-days__step"
            disabled={!day}
            onClick={() => day && setParams({ date: addDays(day, -1) })}
          >
            ‹ วันก่อนหน้า
          </button>
          <label className="results-head__date">
            <span>งวดวันที่</span>
            <input
              type="date"
              className="field__input"
              value={day ?? ''}
              max={today}
              onChange={(e) => setParams(e.target.value ? { date: e.target.value } : {})}
            />
          </label>
          <button
            type="button"
            className="btn btn--ghost btn--sm results-days__step"
            disabled={!day || day >= today}
            onClick={() => day && setParams({ date: addDays(day, 1) })}
          >
            วันถัดไป ›
          </button>
        </div>
      </div>
      {cats.some((c) => c.rounds.some((r) => r.demo)) && (
        <p className="results-demo-note" role="note">
          ผลที่มีป้าย “ข้อมูลทดลอง” เป็นตัวเลขสุ่มของระบบทดลอง ไม่ใช่ผลรางวัลจริง
        </p>
      )}
      {isLoggedIn && settled.length > 0 && (
        <section className="my-results" aria-label="ผลโพยของฉัน">
          <h2 className="market-section__title">ผลโพยของฉัน</h2>
          <div className="bill-grid" data-testid="result-cards">
            {settled.map((b) => (
              <BillCard key={b.bill_id} bill={b} onOpen={setDetail} />
            ))}
          </div>
        </section>
      )}
      <CategoryTabs cats={withAll(cats)} current={category} onSelect={setCategory} />
      {loading && <p className="empty-text">กำลังโหลดผลหวย…</p>}
      {cats
        .filter((c) => category === 'all' || c.id === category)
        .map((c) => (
          <section key={c.id} className="market-section" aria-labelledby={`res-${c.id}`}>
            <h2 id={`res-${c.id}`} className="market-section__title">
              {c.name}
            </h2>
            {c.rounds.length === 0 ? (
              <p className="empty-text">ไม่มีงวดในวันนี้</p>
            ) : (
              <div className="result-grid">
                {c.rounds.map((r) => (
                  <article
                    key={r.round_id}
                    className={`result-card${r.result ? '' : ' is-waiting'}`}
                    data-testid={`result-${r.round_id}`}
                  >
                    <header>
                      <strong>
                        {r.market_name}
                        {r.derive_rule === 'yeekee' ? ` รอบ ${r.round_no}` : ''}
                      </strong>
                      <small>
                        {roundDate(r.business_date)} · {clockTime(r.expected_result_at)} น.
                      </small>
                      {r.demo && <span className="result-card__demo">ข้อมูลทดลอง</span>}
                    </header>
                    {r.status === 'cancelled' ? (
                      <p className="result-card__void">ยกเลิก/คืนเงิน</p>
                    ) : (
                      <ResultDigits result={r.result} compact />
                    )}
                  </article>
                ))}
              </div>
            )}
          </section>
        ))}
      <BillDetailDialog billId={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
