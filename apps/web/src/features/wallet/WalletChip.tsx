import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { GiftIcon, MenuIcon, PlusIcon, RefreshIcon, WalletIcon } from '../../components/Icons';
import { errorMessage } from '../../lib/api';
import { formatSatang, sumBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { fetchPoints, formatPoints, pointsKey, usePoints } from '../../lib/points';
import { toast } from '../../lib/toast';
import { fetchWallets, useWallets, walletsKey } from '../../lib/wallets';
import { WalletMenu } from './WalletMenu';

/**
 * The header's balance: the total of every wallet, in baht with 2 decimals, and the member's points;
 * a refresh that reloads the wallets and the points, the deposit button and the wallet menu
 * (docs/rules/member-site.md §2, header).
 */
export function WalletChip() {
  const { data: wallets } = useWallets();
  const { data: points } = usePoints();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const spinning = useMinimumPending(refreshing);
  const total = wallets ? formatSatang(sumBaht(wallets.map((w) => w.balance))) : '–';

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 }),
        queryClient.fetchQuery({ queryKey: pointsKey, queryFn: fetchPoints, staleTime: 0 }),
      ]);
    } catch (err) {
      toast.error(errorMessage(err), { duration: 3000 });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    // A balance of hundreds of thousands or more is set smaller on a phone (styles/global.css).
    <div className={`wallet-chip${total.length > 9 ? ' wallet-chip--long' : ''}`}>
      <WalletIcon size={18} className="wallet-chip__icon" />
      <span className="wallet-chip__figures">
        <span className="wallet-chip__line">
          <span className="sr-only">ยอดเงินรวม</span>
          <span className="wallet-chip__amount" data-testid="wallet-total">
            {total}
          </span>
          <span className="wallet-chip__unit">฿</span>
        </span>
        <span className="wallet-chip__points">
          <GiftIcon size={11} />
          <span className="sr-only">แต้มสะสม</span>
          <span data-testid="points-total">{points === undefined ? '–' : formatPoints(points.point)}</span>{' '}
          แต้ม
        </span>
      </span>
      <button
        type="button"
        className={`wallet-chip__refresh${spinning ? ' is-spinning' : ''}`}
        onClick={refresh}
        disabled={spinning}
        aria-busy={spinning}
        aria-label="รีเฟรชยอดเงิน"
      >
        <RefreshIcon size={16} />
      </button>
      <Link to="/member/deposit" className="wallet-chip__deposit" aria-label="ฝากเงิน">
        <PlusIcon size={16} />
      </Link>
      <button
        type="button"
        className="wallet-chip__menu"
        onClick={() => setMenuOpen(true)}
        aria-haspopup="dialog"
        aria-label="เมนูกระเป๋าเงิน"
        data-testid="wallet-menu-button"
      >
        <MenuIcon size={16} />
      </button>
      <WalletMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}
