import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert } from '../../components/AuthCard';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { ApiError, errorMessage } from '../../lib/api';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { useServerNow } from '../../lib/server-clock';
import { type Order, type Quote, type Redeemed, redeemQuote } from './api';
import { formatPoints } from './format';

interface Props {
  quote: Quote | null;
  /** Asks for a new quote of the same item and quantity (after this one expired). */
  onRequote: () => void;
  onRedeemed: (r: Redeemed) => void;
  onClose: () => void;
  requoting: boolean;
}

type Shipping = { ship_name: string; ship_phone: string; ship_address: string; note: string };
const EMPTY: Shipping = { ship_name: '', ship_phone: '', ship_address: '', note: '' };
const REQUOTE = new Set([
  'SHOP_QUOTE_EXPIRED',
  'SHOP_QUOTE_USED',
  'SHOP_PRICE_CHANGED',
  'SHOP_QUOTE_NOT_FOUND',
]);

/** Seconds left on the quote, on the server's clock (lib/server-clock.ts). */
function useSecondsLeft(expiresAt: string | null): number {
  const now = useServerNow(expiresAt ? 1000 : null);
  return expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000)) : 0;
}

/**
 * The confirmation of a redeem (docs/rules/engagement.md §8): what it costs, the points left after it,
 * what a voucher credits, and the seconds the quote still holds its price; goods ask for an address.
 */
export function QuoteDialog({ quote, onRequote, onRedeemed, onClose, requoting }: Props) {
  const seconds = useSecondsLeft(quote?.expires_at ?? null);
  const [shipping, setShipping] = useState<Shipping>(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useMinimumPending(busy);
  const [done, setDone] = useState<Order | null>(null);
  const [stale, setStale] = useState(false);
  const quoteId = quote?.quote_id ?? null;
  // A new quote (after "คำนวณใหม่") starts clean.
  useEffect(() => {
    if (quoteId === null) return;
    setError(null);
    setFields({});
    setStale(false);
  }, [quoteId]);
  const expired = quote !== null && done === null && (seconds === 0 || stale);
  const goods = quote?.kind === 'goods';

  function close() {
    setShipping(EMPTY);
    setFields({});
    setError(null);
    setDone(null);
    setStale(false);
    onClose();
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!quote || busy) return;
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const r = await redeemQuote({
        quote_id: quote.quote_id,
        ...(goods ? shipping : {}),
      });
      setDone(r.order);
      onRedeemed(r);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setFields(err.fields);
      // The quote can no longer be redeemed: the member asks for a new one.
      if (err instanceof ApiError && err.code && REQUOTE.has(err.code)) setStale(true);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const set = (k: keyof Shipping) => (e: { target: { value: string } }) =>
    setShipping((s) => ({ ...s, [k]: e.target.value }));

  return (
    <Dialog
      open={quote !== null}
      onClose={close}
      persistent={pending}
      title={done ? 'ผลการแลกของรางวัล' : 'ยืนยันการแลกของรางวัล'}
      width={420}
      className="quote-dialog"
      testId="quote-dialog"
    >
      {quote && done && (
        <div className="quote-result" data-testid="redeem-result">
          <p className="quote-result__title">
            {done.reward_status === 'held' ? 'แลกแต้มแล้ว รอตรวจสอบ' : 'แลกของรางวัลสำเร็จ'}
          </p>
          <p>
            {done.title} × {done.quantity} ใช้ {formatPoints(done.points)} แต้ม
          </p>
          <p className="status-line">
            สถานะ: <strong>{done.status_label}</strong>
          </p>
          {done.credit && done.reward_status === 'paid' && (
            <p>
              เติม {formatBaht(done.credit.amount)} บาท เข้า{done.credit.wallet_name}แล้ว
            </p>
          )}
          {done.reward_status === 'held' && <p className="muted">เจ้าหน้าที่จะตรวจสอบบัญชีก่อนเติมเงินเข้ากระเป๋า</p>}
          {done.kind === 'goods' && <p className="muted">เจ้าหน้าที่จะจัดส่งตามที่อยู่ที่ให้ไว้</p>}
          <button type="button" className="btn btn--primary btn--block" onClick={close}>
            ตกลง
          </button>
        </div>
      )}
      {quote && !done && (
        <form onSubmit={confirm} noValidate aria-label="ยืนยันการแลก">
          <dl className="quote-lines">
            <div>
              <dt>ของรางวัล</dt>
              <dd>
                {quote.title} × {quote.quantity}
              </dd>
            </div>
            {quote.credit && (
              <div>
                <dt>ได้รับ</dt>
                <dd>
                  {formatBaht(quote.credit.amount)} บาท เข้า{quote.credit.wallet_name}
                </dd>
              </div>
            )}
            <div>
              <dt>แต้มที่ใช้</dt>
              <dd data-testid="quote-cost">{formatPoints(quote.cost)} แต้ม</dd>
            </div>
            <div>
              <dt>แต้มคงเหลือหลังแลก</dt>
              <dd data-testid="quote-balance-after">{formatPoints(quote.balance_after)} แต้ม</dd>
            </div>
          </dl>
          {expired ? (
            <p className="quote-timer is-expired" role="alert">
              {stale && error ? error : 'ราคานี้หมดเวลายืนยันแล้ว กรุณาคำนวณใหม่'}
            </p>
          ) : (
            <p className="quote-timer" data-testid="quote-timer">
              ยืนยันภายใน <strong>{seconds}</strong> วินาที
            </p>
          )}
          {goods && !expired && (
            <fieldset className="quote-shipping">
              <legend>ที่อยู่สำหรับจัดส่ง</legend>
              <Field
                label="ชื่อผู้รับ"
                value={shipping.ship_name}
                onChange={set('ship_name')}
                autoComplete="name"
                maxLength={100}
                error={fields.ship_name}
              />
              <Field
                label="เบอร์โทรศัพท์ผู้รับ"
                value={shipping.ship_phone}
                onChange={set('ship_phone')}
                inputMode="numeric"
                autoComplete="tel"
                maxLength={10}
                error={fields.ship_phone}
              />
              <Field
                label="ที่อยู่จัดส่ง"
                value={shipping.ship_address}
                onChange={set('ship_address')}
                autoComplete="street-address"
                maxLength={500}
                required
                error={fields.ship_address}
              />
              <Field
                label="หมายเหตุ (เช่น ไซซ์เสื้อ)"
                value={shipping.note}
                onChange={set('note')}
                maxLength={500}
                error={fields.note}
              />
            </fieldset>
          )}
          <FormAlert message={Object.keys(fields).length > 0 || expired ? null : error} />
          <div className="quote-actions">
            <button type="button" className="btn btn--ghost" onClick={close} disabled={pending}>
              ยกเลิก
            </button>
            {expired ? (
              <button type="button" className="btn btn--primary" onClick={onRequote} disabled={requoting}>
                คำนวณใหม่
              </button>
            ) : (
              <button type="submit" className="btn btn--primary" disabled={pending}>
                {pending ? 'กำลังแลก…' : 'ยืนยันการแลก'}
              </button>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
