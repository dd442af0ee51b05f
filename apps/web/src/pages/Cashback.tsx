import { useSearchParams } from 'react-router';
import { LoadState } from '../components/LoadState';
import { useCashbackStatus, useLossHistory, useTurnoverHistory } from '../features/cashback/api';
import { ClaimCard } from '../features/cashback/ClaimCard';
import { PayoutList } from '../features/cashback/PayoutList';
import { formatBaht } from '../lib/money';
import { useMinimumPending } from '../lib/pending';
import './member.css';
import './cashback.css';

const TABS = [
  ['loss', 'คืนยอดเสีย'],
  ['turnover', 'คืนยอดเทิร์น'],
] as const;
type Tab = (typeof TABS)[number][0];

function LossTab({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const { data: loaded, isLoading, error } = useCashbackStatus();
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  const history = useLossHistory('loss', page);
  return (
    <>
      <LoadState loading={loading} error={error} text="กำลังโหลดยอดของเมื่อวาน…" alert />
      {data && (
        <ClaimCard cashback={data.loss} closesAt={data.window.closes_at} title="คืนยอดเสีย คาสิโนและสล็อต" />
      )}
      <PayoutList
        title="ประวัติการรับคืนยอดเสีย"
        data={history.data}
        isLoading={history.isLoading}
        empty="ยังไม่มีประวัติการรับคืนยอดเสีย"
        onPage={onPage}
        baseLabel="ยอดเสีย"
      />
    </>
  );
}

function TurnoverTab({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const { data, isLoading, error } = useTurnoverHistory(page);
  const loading = useMinimumPending(isLoading);
  return (
    <>
      <LoadState loading={loading} error={error} text="กำลังโหลด…" alert />
      {!loading && data && (
        <section className="panel cb-card" aria-labelledby="cb-turnover-title">
          <h2 className="panel__title" id="cb-turnover-title">
            คืนยอดเทิร์น {data.rate_percent}%
          </h2>
          {!data.enabled && <p className="cb-reason cb-reason--off">ระบบคืนยอดเทิร์นปิดให้บริการชั่วคราว</p>}
          <dl className="cb-facts">
            <div>
              <dt>ยอดเทิร์นวันนี้ (ที่มีผลแล้ว)</dt>
              <dd data-testid="turnover-today">{formatBaht(data.today.turnover)} ฿</dd>
            </div>
            <div>
              <dt>ยอดคืนโดยประมาณ</dt>
              <dd className="cb-facts__gold">{formatBaht(data.today.estimate)} ฿</dd>
            </div>
          </dl>
          <ul className="cb-rules">
            <li>
              คืน {data.rate_percent}% ของยอดเดิมพันที่มีผลแล้วใน{data.categories.map((c) => c.label).join(' ')}{' '}
              (ไม่รวมหวย)
            </li>
            <li>โอนเข้ากระเป๋าหลักอัตโนมัติทุกวันเวลา 01:00 น. สำหรับยอดของวันก่อนหน้า ไม่ต้องทำเทิร์น</li>
            <li>ยอดคืนขั้นต่ำ {formatBaht(data.minimum)} บาท</li>
          </ul>
        </section>
      )}
      <PayoutList
        title="ประวัติคืนยอดเทิร์น"
        data={data}
        isLoading={isLoading}
        empty="ยังไม่มีประวัติคืนยอดเทิร์น"
        onPage={onPage}
        baseLabel="ยอดเทิร์น"
      />
    </>
  );
}

/** `/cashback`: yesterday's loss cashback to claim, and the turnover commission in its own tab. */
export default function Cashback() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'turnover' ? 'turnover' : 'loss';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const go = (next: { tab?: Tab; page?: number }) => {
    const p = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== 'loss') p.set('tab', t);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  return (
    <div className="container member-page cb-page">
      <h1 className="page-title">คืนยอดเสียรายวัน</h1>
      <div className="cb-tabs" role="tablist" aria-label="ประเภทยอดคืน">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`cb-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="cb-tabpanel"
            className={`cb-tab${tab === key ? ' is-active' : ''}`}
            onClick={() => go({ tab: key, page: 1 })}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="cb-tabpanel" role="tabpanel" aria-labelledby={`cb-tab-${tab}`} className="cb-stack">
        {tab === 'loss' ? (
          <LossTab page={page} onPage={(p) => go({ page: p })} />
        ) : (
          <TurnoverTab page={page} onPage={(p) => go({ page: p })} />
        )}
      </div>
    </div>
  );
}
