import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import type { Order } from './api';
import { formatPoints } from './format';

const TONE: Record<Order['status'], 'ok' | 'wait' | 'bad'> = {
  completed: 'ok',
  requested: 'wait',
  shipped: 'wait',
  delivered: 'ok',
  cancelled: 'bad',
};

function tone(o: Order): 'ok' | 'wait' | 'bad' {
  if (o.reward_status === 'held') return 'wait';
  if (o.reward_status === 'rejected') return 'bad';
  return TONE[o.status];
}

/** The member's redeems, newest first, each with its status in Thai. */
export function OrderList({ orders }: { orders: Order[] }) {
  return (
    <ul className="order-list" data-testid="shop-history">
      {orders.map((o) => (
        <li key={o.id} className="order-list__item" data-testid="shop-order">
          <div className="order-list__main">
            <p className="order-list__title">
              {o.title} × {o.quantity}
            </p>
            <p className="order-list__meta">
              {formatDateTime(o.created_at)} · ใช้ {formatPoints(o.points)} แต้ม
            </p>
            {o.credit && (
              <p className="order-list__meta">
                {formatBaht(o.credit.amount)} บาท เข้า{o.credit.wallet_name}
              </p>
            )}
            {o.tracking && <p className="order-list__meta">เลขพัสดุ {o.tracking}</p>}
            {o.cancel_reason && <p className="order-list__reason">เหตุผล: {o.cancel_reason}</p>}
          </div>
          <span className={`shop-pill pill--${tone(o)}`} data-testid="shop-order-status">
            {o.status_label}
          </span>
        </li>
      ))}
    </ul>
  );
}
