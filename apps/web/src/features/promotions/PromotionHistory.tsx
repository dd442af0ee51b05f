import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import type { MyPromotions } from './api';

const tone: Record<MyPromotions['history'][number]['status'], string> = {
  active: 'wait',
  completed: 'ok',
  expired: 'off',
  lost: 'off',
  cancelled: 'off',
};

/** The member's promotions, newest first, with how each ended and what moved to main. */
export function PromotionHistory({ items }: { items: MyPromotions['history'] }) {
  return (
    <section className="panel" aria-labelledby="promo-history-title">
      <h2 id="promo-history-title" className="panel__title">
        ประวัติโปรโมชั่น
      </h2>
      {items.length === 0 ? (
        <p className="empty-text">ยังไม่เคยรับโปรโมชั่น</p>
      ) : (
        <ul className="record-list" data-testid="promotion-history">
          {items.map((h) => (
            <li key={h.id} className="record-list__item">
              <div className="record-list__main">
                <p className="promo-history__title">{h.title}</p>
                <p className="record-list__meta">
                  ฝาก {formatBaht(h.deposit)} ฿ · โบนัส {formatBaht(h.bonus)} ฿ · {formatDateTime(h.taken_at)}
                </p>
                {h.released !== null && (
                  <p className="record-list__meta">
                    เข้ากระเป๋าหลัก {formatBaht(h.released)} ฿
                    {h.forfeited !== null && Number(h.forfeited) > 0
                      ? ` · ตัดออก ${formatBaht(h.forfeited)} ฿`
                      : ''}
                  </p>
                )}
              </div>
              <span className={`pill pill--${tone[h.status]}`}>{h.status_label}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
