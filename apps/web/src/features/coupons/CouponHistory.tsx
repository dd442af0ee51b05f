import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { useCouponHistory } from './api';

const tone = { paid: 'ok', held: 'wait', rejected: 'off', withheld: 'off' } as const;

/** The member's redeemed coupons, newest first, with what became of each credit. */
export function CouponHistory() {
  const { data: loaded, isLoading } = useCouponHistory();
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  return (
    <section className="panel" aria-labelledby="coupon-history-title">
      <h2 id="coupon-history-title" className="panel__title">
        ประวัติการใช้คูปอง
      </h2>
      {loading && <p className="empty-text">กำลังโหลด…</p>}
      {data && data.length === 0 && <p className="empty-text">ยังไม่เคยใช้คูปอง</p>}
      {data && data.length > 0 && (
        <ul className="record-list" data-testid="coupon-history">
          {data.map((c) => (
            <li key={c.id} className="record-list__item">
              <div className="record-list__main">
                <p>{c.title}</p>
                <p className="record-list__meta">
                  <span className="coupon-history__code">{c.code}</span> · {formatDateTime(c.used_at)}
                </p>
              </div>
              <div className="coupon-history__side">
                <strong>+{formatBaht(c.amount)} ฿</strong>
                <span className={`coupon-pill pill--${tone[c.status]}`}>{c.status_label}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
