import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { GiftIcon, PlusIcon, RefreshIcon, WalletIcon } from '../../components/Icons';
import { errorMessage } from '../../lib/api';
import { formatSatang, sumBaht } from '../../lib/money';
import { fetchPoints, pointsKey, usePoints } from '../../lib/points';
import { fetchWallets, useWallets, walletsKey } from '../../lib/wallets';

const pointFormat = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });

/** The header's balance: the total of every wallet, in baht with 2 decimals, and the member's points. */
export function WalletChip() {
  const { data: wallets } = useWallets();
  const { data: points } = usePoints();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
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
    <div className="wallet-chip">
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
          <span data-testid="points-total">{points === undefined ? '–' : pointFormat.format(points)}</span>{' '}
          แต้ม
        </span>
      </span>
      <button
        type="button"
        className={`wallet-chip__refresh${refreshing ? ' is-spinning' : ''}`}
        onClick={refresh}
        disabled={refreshing}
        aria-label="รีเฟรชยอดเงิน"
      >
        <RefreshIcon size={16} />
      </button>
      <Link to="/member/deposit" className="wallet-chip__deposit" aria-label="ฝากเงิน">
        <PlusIcon size={16} />
      </Link>
    </div>
  );
}
