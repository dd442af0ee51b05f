import * as rewards from '@chok/contract/routes/rewards';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { Progress } from '../../components/Progress';
import { call, errorMessage } from '../../lib/api';
import { formatNumber } from '../../lib/numbers';
import { useMinimumPending } from '../../lib/pending';
import { formatPoints, usePoints } from '../../lib/points';
import { useWallets } from '../../lib/wallets';

/** Baht text ("1035.50") for display with thousands separators. */
function baht(text: string): string {
  const n = Number(text);
  return Number.isFinite(n) ? formatNumber(n, 2, 2) : text;
}

/**
 * The wallet chip's menu: each wallet's balance, the member's points, and the free-credit wallet's
 * turnover requirement, progress and withdrawal cap (docs/rules/casino.md §1.3).
 */
export function WalletMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: wallets } = useWallets();
  const { data: points } = usePoints();
  const freeCredit = useQuery({
    queryKey: ['free-credit'],
    queryFn: () => call(rewards.freeCreditProgress, {}),
    enabled: open,
    staleTime: 0,
  });
  const fc = freeCredit.data;
  const fcLoading = useMinimumPending(open && !freeCredit.isError && !fc);
  const percent =
    fc && Number(fc.requirement) > 0
      ? Math.min(100, Math.round((Number(fc.played) / Number(fc.requirement)) * 100))
      : 0;

  return (
    <Dialog open={open} onClose={onClose} title="กระเป๋าเงินของฉัน" width={400} testId="wallet-menu">
      <ul className="wallet-menu__list">
        {(wallets ?? []).map((w) => (
          <li key={w.id} className="wallet-menu__row">
            <span>{w.wallet_name}</span>
            <strong data-testid={`wallet-menu-balance-${w.wallet_type_id}`}>{baht(w.balance)} ฿</strong>
          </li>
        ))}
        <li className="wallet-menu__row">
          <span>แต้มสะสม</span>
          <strong data-testid="wallet-menu-points">{points ? formatPoints(points.point) : '–'} แต้ม</strong>
        </li>
      </ul>
      <section className="wallet-menu__fc" aria-labelledby="wallet-menu-fc-title">
        <h3 id="wallet-menu-fc-title">เงื่อนไขเครดิตฟรี</h3>
        {fcLoading ? (
          <p>กำลังโหลด…</p>
        ) : freeCredit.isError ? (
          <p role="alert">{errorMessage(freeCredit.error)}</p>
        ) : !fc ? (
          <p>กำลังโหลด…</p>
        ) : Number(fc.requirement) === 0 ? (
          <p>ยังไม่มีเครดิตฟรีที่ต้องทำเทิร์น</p>
        ) : (
          <>
            <Progress percent={percent} label="ยอดเทิร์นเครดิตฟรี" />
            <dl className="wallet-menu__terms">
              <dt>ยอดเทิร์นที่ต้องทำ</dt>
              <dd>{baht(fc.requirement)} ฿</dd>
              <dt>ทำแล้ว</dt>
              <dd data-testid="free-credit-played">{baht(fc.played)} ฿</dd>
              <dt>เหลืออีก</dt>
              <dd>{baht(fc.remaining)} ฿</dd>
              <dt>ถอนได้สูงสุด</dt>
              <dd>{baht(fc.cap)} ฿</dd>
            </dl>
            <p className="wallet-menu__note">
              เมื่อทำเทิร์นครบ ยอดเครดิตฟรีจะย้ายเข้ากระเป๋าหลักไม่เกินยอดถอนได้สูงสุด ส่วนที่เกินจะถูกตัด
              {fc.open_round ? ' (รอผลรอบที่ยังเล่นค้างอยู่)' : ''}
            </p>
          </>
        )}
      </section>
      <nav className="wallet-menu__links" aria-label="กิจกรรมสะสมแต้ม">
        <Link to="/member/creditfree" onClick={onClose}>
          ภารกิจ
        </Link>
        <Link to="/member/wheel" onClick={onClose}>
          วงล้อ
        </Link>
        <Link to="/redeem" onClick={onClose}>
          แลกของรางวัล
        </Link>
      </nav>
    </Dialog>
  );
}
