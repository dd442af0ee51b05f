import { Pager } from '../../components/Pager';
import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { formatDay, type PayoutItem } from './api';

const TONE: Record<PayoutItem['status'], 'ok' | 'wait' | 'bad'> = {
  paid: 'ok',
  held: 'wait',
  rejected: 'bad',
  withheld: 'bad',
};

/** Paid (and held) cashback or commission, newest day first, with a pager. */
export function PayoutList({
  title,
  data: answer,
  isLoading,
  empty,
  onPage,
  baseLabel,
}: {
  title: string;
  data: { items: PayoutItem[]; page: number; per_page: number; total: number } | undefined;
  isLoading: boolean;
  empty: string;
  onPage: (page: number) => void;
  /** What the rate applied to: "ยอดเสีย" or "ยอดเทิร์น". */
  baseLabel: string;
}) {
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : answer;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      {loading && <p className="empty-text">กำลังโหลดประวัติ…</p>}
      {data && data.items.length === 0 && <p className="empty-text">{empty}</p>}
      {data && data.items.length > 0 && (
        <ul className="cb-history" data-testid="payout-list">
          {data.items.map((p) => (
            <li key={p.id} className="cb-history__item">
              <div className="cb-history__main">
                <p className="cb-history__title">
                  {p.kind_label} · {formatDay(p.day)}
                </p>
                <p className="cb-muted">
                  {baseLabel} {formatBaht(p.base)} บาท · อัตรา {p.rate_percent}%
                </p>
                <p className="cb-muted">
                  {p.paid_by === 'job' ? 'จ่ายอัตโนมัติ' : 'รับเมื่อ'} {formatDateTime(p.created_at)}
                </p>
              </div>
              <div className="cb-history__side">
                <p className="cb-history__amount">+{formatBaht(p.amount)}</p>
                <span className={`pill pill--${TONE[p.status]}`}>{p.status_label}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && <Pager page={data.page} pages={pages} label="เปลี่ยนหน้าประวัติ" onPage={onPage} />}
    </section>
  );
}
