import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../components/Icons';
import { fetchLatestDeposit, paymentKeys, usePaymentEvents } from '../../features/payments/api';
import { DepositTicket } from '../../features/payments/DepositTicket';
import { useMinimumPending } from '../../lib/pending';
import { useAgent } from '../../stores/agent';
import './payments.css';

/**
 * The payment layout (a bare wrapper, docs/rules/member-site.md §2): the member's current deposit
 * request alone on the screen — the QR or bank-info block, amount, countdown and live status — with a
 * way back.
 */
export default function Payment() {
  const site = useAgent((s) => s.agentConfig?.name ?? 'Chok');
  const logo = useAgent((s) => s.agentConfig?.info.agent_logo ?? null);
  const { data, isLoading } = useQuery({
    queryKey: [...paymentKeys.open, 'latest'],
    queryFn: fetchLatestDeposit,
  });
  const loading = useMinimumPending(isLoading);
  usePaymentEvents();

  return (
    <div className="checkout">
      <header className="checkout__bar">
        <Link to="/member/deposit" className="icon-btn" aria-label="กลับหน้าฝากเงิน">
          <ChevronLeftIcon />
        </Link>
        {logo ? (
          <img src={logo} alt={site} className="checkout__logo" width={120} height={38} />
        ) : (
          <span>{site}</span>
        )}
        <span className="checkout__secure">
          <svg
            viewBox="0 0 24 24"
            width="14"
            height="14"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          ชำระเงินปลอดภัย
        </span>
      </header>
      <div className="checkout__main">
        <h1 className="sr-only">ชำระเงิน</h1>
        {loading ? (
          <p className="empty-text">กำลังโหลด…</p>
        ) : data ? (
          <DepositTicket key={data.request_id} initial={data} compact />
        ) : (
          <div className="panel checkout__empty">
            <p>ยังไม่มีรายการฝากที่รอชำระ</p>
            <Link to="/member/deposit" className="btn btn--primary">
              ไปหน้าฝากเงิน
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
