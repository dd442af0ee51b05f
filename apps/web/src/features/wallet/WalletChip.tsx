import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PlusIcon, RefreshIcon, WalletIcon } from '../../components/Icons';
import { errorMessage } from '../../lib/api';
import { formatSatang, sumBaht } from '../../lib/money';
import { fetchWallets, useWallets, walletsKey } from '../../lib/wallets';
import { refreshQuestPoints } from './questPoints';

/** The header's balance: the total of every wallet, in baht with 2 decimals. */
export function WalletChip() {
  const { data: wallets } = useWallets();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const total = wallets ? formatSatang(sumBaht(wallets.map((w) => w.balance))) : '–';

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 }),
        refreshQuestPoints(),
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
      <span className="sr-only">ยอดเงินรวม</span>
      <span className="wallet-chip__amount" data-testid="wallet-total">
        {total}
      </span>
      <span className="wallet-chip__unit">฿</span>
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
