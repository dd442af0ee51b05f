import { useId, useState } from 'react';
import { formatBaht } from '../../lib/money';
import type { ShopItem } from './api';
import { formatPoints } from './format';

interface Props {
  item: ShopItem;
  points: number;
  busy: boolean;
  onRedeem: (item: ShopItem, quantity: number) => void;
}

/** Why the member cannot redeem this item now, in Thai, or null. */
function blockedReason(item: ShopItem, points: number): string | null {
  if (item.stock === 0) return 'ของรางวัลหมดแล้ว';
  if (item.monthly_left === 0) return `เดือนนี้แลกครบ ${item.monthly_limit} ชิ้นแล้ว`;
  if (points < item.price_points) return `แต้มไม่พอ ขาดอีก ${formatPoints(item.price_points - points)} แต้ม`;
  return null;
}

/** One item of the shop: image, price in points, stock left, this month's allowance and a quantity. */
export function ItemCard({ item, points, busy, onRedeem }: Props) {
  const headingId = useId();
  const [quantity, setQuantity] = useState(1);
  const max = Math.max(
    1,
    Math.min(item.monthly_left, item.stock ?? item.monthly_left, Math.floor(points / item.price_points)),
  );
  const qty = Math.min(quantity, max);
  const blocked = blockedReason(item, points);

  return (
    <article className="shop-item panel" aria-labelledby={headingId} data-testid="shop-item">
      <div className="shop-item__media">
        {item.image ? <img src={item.image} alt="" loading="lazy" /> : <span aria-hidden="true">🎁</span>}
        <span className={`shop-item__kind shop-item__kind--${item.kind}`}>
          {item.kind === 'voucher' ? 'คูปองเครดิต' : 'ของรางวัล'}
        </span>
      </div>
      <div className="shop-item__body">
        <h2 id={headingId} className="shop-item__title">
          {item.title}
        </h2>
        {item.description && <p className="shop-item__desc">{item.description}</p>}
        <p className="shop-item__price">
          <strong>{formatPoints(item.price_points)}</strong> แต้ม
        </p>
        <ul className="shop-item__facts">
          {item.voucher && (
            <li>
              ได้รับ {formatBaht(item.voucher.amount)} บาท เข้า{item.voucher.wallet_name}
            </li>
          )}
          <li data-testid="shop-item-stock">
            {item.stock === null ? 'ไม่จำกัดจำนวน' : `คงเหลือ ${formatPoints(item.stock)} ชิ้น`}
          </li>
          <li>
            เดือนนี้แลกได้อีก {item.monthly_left} จาก {item.monthly_limit} ชิ้น
          </li>
        </ul>
        {blocked ? (
          <p className="shop-item__blocked">{blocked}</p>
        ) : (
          <div className="shop-item__actions">
            <fieldset className="qty">
              <legend className="sr-only">จำนวนที่จะแลก {item.title}</legend>
              <button
                type="button"
                className="qty__btn"
                aria-label="ลดจำนวน"
                disabled={qty <= 1}
                onClick={() => setQuantity(qty - 1)}
              >
                −
              </button>
              <output className="qty__value" aria-live="polite">
                {qty}
              </output>
              <button
                type="button"
                className="qty__btn"
                aria-label="เพิ่มจำนวน"
                disabled={qty >= max}
                onClick={() => setQuantity(qty + 1)}
              >
                +
              </button>
            </fieldset>
            <button
              type="button"
              className="btn btn--primary shop-item__redeem"
              aria-describedby={headingId}
              disabled={busy}
              onClick={() => onRedeem(item, qty)}
            >
              แลกเลย
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
