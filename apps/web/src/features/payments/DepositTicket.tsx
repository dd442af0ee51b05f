import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyIcon } from '../../components/Icons';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { toast } from '../../lib/toast';
import { cancelDeposit, type Deposit, paymentKeys, sandboxPay, useDepositStatus } from './api';
import { BankInfoBlock, copyText, MemberAccountBlock } from './BankBlock';
import { mmss, useSecondsLeft } from './useCountdown';

const TONE: Record<Deposit['status'], string> = {
  open: 'wait',
  paid: 'ok',
  expired: 'off',
  cancelled: 'off',
  review: 'wait',
  rejected: 'bad',
};

export function StatusPill({ status, label }: { status: Deposit['status'] | 'pending'; label: string }) {
  const tone = status === 'pending' ? 'wait' : TONE[status];
  return (
    <span className={`pill pill--${tone}`} data-testid="deposit-status">
      {label}
    </span>
  );
}

/**
 * One deposit request as the member pays it: the amount to send in large type ("โอนให้ตรงยอด"),
 * the QR or the bank-info block, the registered account it must come from, a countdown, and the
 * live state (polled every 5 s while open, pushed on the member's event stream).
 */
export function DepositTicket({
  initial,
  onNew,
  compact = false,
}: {
  initial: Deposit;
  onNew?: () => void;
  compact?: boolean;
}) {
  const { data } = useDepositStatus(initial.request_id, initial);
  const d = data ?? initial;
  const queryClient = useQueryClient();
  const left = useSecondsLeft(d.status === 'open' ? d.expires_at : null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [paying, setPaying] = useState(false);
  const pending = useMinimumPending(paying);
  // Status polls leave the image out; the one from the request's creation (or reload) stays.
  const qrImage = d.qr_image ?? initial.qr_image;
  const isQr = d.qr_payload !== null && qrImage !== null;
  const open = d.status === 'open';

  async function cancel() {
    setConfirmCancel(false);
    try {
      const r = await cancelDeposit(d.request_id);
      queryClient.setQueryData(paymentKeys.status(d.request_id), r);
      void queryClient.invalidateQueries({ queryKey: ['payment'] });
    } catch (err) {
      toast.error(errorMessage(err), { duration: 3000 });
    }
  }

  async function payInSandbox() {
    if (!d.gateway_ref) return;
    setPaying(true);
    try {
      await sandboxPay(d.gateway_ref);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.status(d.request_id) });
    } catch (err) {
      toast.error(errorMessage(err), { duration: 3000 });
    } finally {
      setPaying(false);
    }
  }

  return (
    <article
      className={`ticket ticket--${TONE[d.status]}${compact ? ' ticket--compact' : ''}`}
      data-testid="deposit-ticket"
    >
      <header className="ticket__head">
        <div>
          <p className="ticket__kicker">รายการฝาก #{d.request_id}</p>
          <p className="ticket__channel">{d.receiving.name}</p>
        </div>
        <StatusPill status={d.status} label={d.status_label} />
      </header>

      {d.status === 'paid' ? (
        <div className="ticket__done" role="status">
          <span className="ticket__check" aria-hidden="true">
            ✓
          </span>
          <p className="ticket__done-title">ฝากเงินสำเร็จ</p>
          <p className="ticket__done-amount">+{formatBaht(d.paid_amount ?? d.pay_amount)} ฿</p>
          {d.paid_at && <p className="ticket__muted">{formatDateTime(d.paid_at)}</p>}
          {d.notice && <p className="ticket__notice">{d.notice}</p>}
          {d.promotion && !d.notice && <p className="ticket__muted">รับโปรโมชั่น: {d.promotion.title}</p>}
        </div>
      ) : (
        <>
          <div className="ticket__amount-box">
            <p className="ticket__label">ยอดที่ต้องโอน</p>
            <p className="ticket__amount" data-testid="pay-amount">
              {formatBaht(d.pay_amount)}
              <span className="ticket__unit"> บาท</span>
            </p>
            <p className="ticket__exact">โอนให้ตรงยอด</p>
            <p className="ticket__muted">รวมเศษสตางค์เพื่อให้ระบบจับคู่รายการของท่าน</p>
          </div>

          {open && isQr && (
            <figure className="ticket__qr">
              <img
                src={qrImage ?? ''}
                alt={`QR พร้อมเพย์ ยอด ${formatBaht(d.pay_amount)} บาท`}
                width={232}
                height={232}
              />
              <figcaption>สแกนด้วยแอปธนาคาร · PromptPay</figcaption>
            </figure>
          )}
          {open && !isQr && <BankInfoBlock account={d.receiving} />}
          {open && !isQr && (
            <button
              type="button"
              className="btn btn--outline btn--sm ticket__copy"
              onClick={() => copyText(formatBaht(d.pay_amount).replace(/,/g, ''), 'ยอดเงิน')}
            >
              <CopyIcon size={16} /> คัดลอกยอดเงิน
            </button>
          )}
          {open && (
            <MemberAccountBlock
              account={d.from_account}
              title={d.channel_id === 2 ? 'โอนจากวอลเล็ทของท่าน' : 'โอนจากบัญชีของท่าน'}
              wallet={d.channel_id === 2}
            />
          )}

          {open && (
            <div className="ticket__timer" role="timer" aria-live="off">
              <span>ชำระภายใน</span>
              <strong data-testid="countdown">{mmss(left)}</strong>
            </div>
          )}
          {!open && (
            <p className="ticket__notice" role="status">
              {d.status === 'expired' && 'รายการหมดเวลาแล้ว หากโอนแล้วภายใน 10 นาทีระบบจะเติมให้อัตโนมัติ'}
              {d.status === 'cancelled' && 'ยกเลิกรายการแล้ว หากโอนไปแล้วระบบยังจับคู่ยอดให้'}
              {d.status === 'review' && 'เจ้าหน้าที่กำลังตรวจสอบยอดที่ได้รับ'}
              {d.status === 'rejected' && (d.reason ?? 'รายการไม่สำเร็จ')}
            </p>
          )}
          {open && <p className="ticket__live">รอรับยอดโอน… สถานะจะอัปเดตอัตโนมัติ</p>}
        </>
      )}

      <footer className="ticket__actions">
        {open && d.sandbox && (
          <button type="button" className="btn btn--primary" onClick={payInSandbox} disabled={pending}>
            ชำระด้วยระบบทดสอบ
          </button>
        )}
        {open && !compact && (
          <Link to="/member/payment" className="btn btn--outline">
            เปิดหน้าชำระเงิน
          </Link>
        )}
        {open && (
          <button type="button" className="btn btn--ghost" onClick={() => setConfirmCancel(true)}>
            ยกเลิกรายการ
          </button>
        )}
        {!open && onNew && (
          <button type="button" className="btn btn--primary" onClick={onNew}>
            ทำรายการฝากใหม่
          </button>
        )}
      </footer>

      <ConfirmDialog
        open={confirmCancel}
        title="ยกเลิกรายการฝาก"
        text="หากโอนเงินไปแล้ว ไม่ต้องยกเลิก ระบบจะเติมเครดิตให้เมื่อได้รับยอด"
        confirmText="ยกเลิกรายการ"
        cancelText="กลับ"
        onConfirm={cancel}
        onCancel={() => setConfirmCancel(false)}
      />
    </article>
  );
}
