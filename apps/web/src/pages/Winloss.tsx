import { useSearchParams } from 'react-router';
import { LoadState } from '../components/LoadState';
import { useWinloss } from '../features/cashback/api';
import { WinlossChart } from '../features/cashback/WinlossChart';
import { Net, WinlossTable } from '../features/cashback/WinlossTable';
import { formatBaht } from '../lib/money';
import { useMinimumPending } from '../lib/pending';
import './member.css';
import './cashback.css';

const SPANS = [7, 30, 90] as const;

/** `/winloss`: stake, payout and net per day and category over up to 90 days (settled play only). */
export default function Winloss() {
  const [params, setParams] = useSearchParams();
  const days = SPANS.find((s) => String(s) === params.get('days')) ?? 90;
  const { data: loaded, isLoading, error } = useWinloss(days);
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  return (
    <div className="container member-page cb-page">
      <h1 className="page-title">ยอดได้เสีย</h1>
      <fieldset className="cb-tabs cb-fieldset">
        <legend className="sr-only">ช่วงเวลา</legend>
        {SPANS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={days === s}
            className={`cb-tab${days === s ? ' is-active' : ''}`}
            onClick={() => setParams(s === 90 ? {} : { days: String(s) }, { replace: true })}
          >
            {s} วัน
          </button>
        ))}
      </fieldset>
      <LoadState loading={loading} error={error} text="กำลังโหลดยอดได้เสีย…" alert />
      {data && (
        <>
          <section className="panel cb-card" aria-labelledby="wl-total">
            <h2 className="panel__title" id="wl-total">
              สรุป {days} วันล่าสุด
            </h2>
            <dl className="cb-facts cb-facts--three">
              <div>
                <dt>ยอดเดิมพัน</dt>
                <dd>{formatBaht(data.total.stake)}</dd>
              </div>
              <div>
                <dt>ยอดจ่าย</dt>
                <dd>{formatBaht(data.total.payout)}</dd>
              </div>
              <div>
                <dt>ได้/เสีย</dt>
                <dd data-testid="winloss-net">
                  <Net value={data.total.net} />
                </dd>
              </div>
            </dl>
            {data.categories.length > 0 && (
              <ul className="cb-cats" aria-label="แยกตามประเภท">
                {data.categories.map((c) => (
                  <li key={c.category}>
                    <span>{c.label}</span>
                    <Net value={c.net} />
                  </li>
                ))}
              </ul>
            )}
            <WinlossChart data={data} />
          </section>
          <section className="panel" aria-labelledby="wl-days">
            <h2 className="panel__title" id="wl-days">
              รายวัน
            </h2>
            {data.days.length === 0 ? (
              <p className="empty-text">ไม่มียอดเล่นที่มีผลแล้วในช่วงนี้</p>
            ) : (
              <WinlossTable days={data.days} caption="ยอดได้เสียรายวันแยกตามประเภท" />
            )}
            <p className="cb-muted cb-note">
              นับเฉพาะรอบที่มีผลแล้วจากกระเป๋าหลัก และโพยหวยที่ออกผลแล้ว ตามเวลาประเทศไทย
            </p>
          </section>
        </>
      )}
    </div>
  );
}
