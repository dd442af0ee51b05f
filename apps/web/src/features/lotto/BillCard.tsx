import { formatBaht } from '../../lib/money';
import { useServerNow } from '../../lib/server-clock';
import type { Bill } from './api';
import { BILL_STATUS, roundDate, roundTime } from './labels';
import './rounds.css';

/** A bill as a card: won bills get the dotted, glowing yellow border; lost ones a grey dotted one. */
export function BillCard({ bill, onOpen }: { bill: Bill; onOpen?: (billId: number) => void }) {
  const now = useServerNow(null);
  const tone = bill.status === 'won' ? 'won' : bill.status === 'lost' ? 'lost' : bill.status;
  return (
    <article
      className={`bill-card bill-card--${tone}`}
      data-testid={`bill-card-${bill.bill_id}`}
      data-status={bill.status}
    >
      <header className="bill-card__head">
        <span className="bill-card__market">{bill.market_name}</span>
        <span className={`status-pill status-pill--${bill.status}`}>{BILL_STATUS[bill.status]}</span>
      </header>
      <p className="bill-card__meta">
        งวด {roundDate(bill.business_date)}
        {bill.round_no > 1 && bill.round_no < 1000 ? ` · รอบที่ ${bill.round_no}` : ''} · โพย #{bill.bill_id} ·{' '}
        {bill.item_count} รายการ · ปิด {roundTime(bill.close_at, now)} น.
      </p>
      <dl className="bill-card__money">
        <div>
          <dt>ยอดแทง</dt>
          <dd>{formatBaht(bill.total_amount)}</dd>
        </div>
        <div>
          <dt>
            {bill.status === 'won'
              ? 'ได้รับรางวัล'
              : bill.status === 'refunded' || bill.status === 'cancelled'
                ? 'คืนเงิน'
                : 'รางวัล'}
          </dt>
          <dd className={bill.status === 'won' ? 'is-gold' : undefined}>
            {bill.status === 'refunded' || bill.status === 'cancelled'
              ? formatBaht(bill.total_amount)
              : formatBaht(bill.total_win)}
          </dd>
        </div>
      </dl>
      {onOpen && (
        <button
          type="button"
          className="btn btn--ghost btn--sm bill-card__open"
          onClick={() => onOpen(bill.bill_id)}
        >
          ดูรายละเอียด
        </button>
      )}
    </article>
  );
}
