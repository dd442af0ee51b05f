import { useSearchParams } from 'react-router';
import { Pager } from '../components/Pager';
import { type StatementQuery, useStatement } from '../features/wallet/api';
import { formatDateTime } from '../lib/dates';
import { formatBaht } from '../lib/money';
import { useMinimumPending } from '../lib/pending';
import './member.css';
import { LoadState } from '../components/LoadState';

const KINDS = [
  ['deposit', 'ฝากเงิน'],
  ['withdraw', 'ถอนเงิน'],
  ['bet', 'เดิมพัน'],
  ['win', 'ชนะรางวัล'],
  ['bonus', 'โบนัส'],
  ['refund', 'คืนเงิน'],
  ['adjustment', 'ปรับยอด'],
] as const;
type Kind = (typeof KINDS)[number][0];
const PER_PAGE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The URL is the filter's state: ?kind&from&to&page, validated before use. */
function readQuery(params: URLSearchParams): StatementQuery {
  const kind = KINDS.find(([k]) => k === params.get('kind'))?.[0] as Kind | undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return {
    kind,
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
    page,
    per_page: PER_PAGE,
  };
}

export default function Statement() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const { data: loaded, isLoading, error } = useStatement(query);
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };

  return (
    <div className="container member-page">
      <h1 className="page-title">ประวัติการเงิน</h1>
      <form className="panel filters" onSubmit={(e) => e.preventDefault()} aria-label="ตัวกรองรายการ">
        <div className="field">
          <label className="field__label" htmlFor="st-kind">
            ประเภทรายการ
          </label>
          <select
            id="st-kind"
            className="field__input"
            value={query.kind ?? ''}
            onChange={(e) => update({ kind: e.target.value || undefined })}
          >
            <option value="">ทั้งหมด</option>
            {KINDS.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="st-from">
            ตั้งแต่วันที่
          </label>
          <input
            id="st-from"
            type="date"
            className="field__input"
            value={query.from ?? ''}
            max={query.to}
            onChange={(e) => update({ from: e.target.value || undefined })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="st-to">
            ถึงวันที่
          </label>
          <input
            id="st-to"
            type="date"
            className="field__input"
            value={query.to ?? ''}
            min={query.from}
            onChange={(e) => update({ to: e.target.value || undefined })}
          />
        </div>
        <button
          type="button"
          className="btn btn--ghost filters__reset"
          onClick={() => setParams(new URLSearchParams())}
        >
          ล้างตัวกรอง
        </button>
      </form>

      <section className="panel statement" aria-live="polite">
        <LoadState loading={loading} error={error} text="กำลังโหลดรายการ…" />
        {data && data.items.length === 0 && <p className="empty-text">ไม่พบรายการในช่วงที่เลือก</p>}
        {data && data.items.length > 0 && (
          <ul className="statement__list" data-testid="statement-list">
            {data.items.map((item) => (
              <li key={item.id} className="statement__item">
                <span className={`statement__badge statement__badge--${item.direction}`} aria-hidden="true">
                  {item.direction === 'in' ? '+' : '−'}
                </span>
                <div className="statement__main">
                  <p className="statement__label">{item.description}</p>
                  <p className="statement__meta">
                    {formatDateTime(item.created_at)} · {item.wallet_name}
                  </p>
                </div>
                <p className={`statement__amount statement__amount--${item.direction}`}>
                  {item.direction === 'in' ? '+' : '-'}
                  {formatBaht(item.amount)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {data && data.total > 0 && (
          <Pager page={data.page} pages={pages} label="เปลี่ยนหน้า" onPage={(n) => update({ page: String(n) })}>
            {` · ทั้งหมด ${data.total} รายการ`}
          </Pager>
        )}
      </section>
    </div>
  );
}
