import type { WorkCounts } from '@chok/contract/api/admin-console';
import * as admin from '@chok/contract/routes/admin';
import * as adminConsole from '@chok/contract/routes/admin-console';
import * as payments from '@chok/contract/routes/payments';
import * as rewards from '@chok/contract/routes/rewards';
import * as shop from '@chok/contract/routes/shop';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endSession } from '../lib/api';
import { keyOf, useApi } from '../lib/query';
import { openStaffStream } from '../lib/stream';
import { useSession } from '../stores/session';

const WORK_COUNTS_EVENT = 'work_counts';

/** The queue each count is read from: when a count moves, its open table reads again. */
const QUEUES: Record<keyof WorkCounts, string> = {
  deposits: payments.adminDeposits.path,
  withdrawals: payments.adminWithdrawals.path,
  risk_holds: rewards.adminRewardHolds.path,
  shop_orders: shop.adminShopOrders.path,
  freezes: admin.withdrawalFreezes.path,
};

/**
 * The waiting work shown in the header: read once, then kept current by the staff event stream,
 * which sends the counts again whenever deposits, withdrawals, holds, shop orders or freezes change;
 * the queue of a count that moved reads again, so a table on screen shows the new row.
 */
export function useWorkCounts() {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  const counts = useApi(adminConsole.adminWorkCounts, {}, { enabled: token !== null, staleTime: Infinity });
  useEffect(() => {
    if (!token) return;
    return openStaffStream(
      token,
      (event, data) => {
        if (event !== WORK_COUNTS_EVENT) return;
        const key = keyOf(adminConsole.adminWorkCounts, {});
        const before = client.getQueryData<WorkCounts>(key);
        const next = data as WorkCounts;
        client.setQueryData(key, next);
        // A queue on screen shows the new work at once, not at its next page or filter change.
        for (const kind of Object.keys(QUEUES) as (keyof WorkCounts)[]) {
          if (before && before[kind] !== next[kind])
            void client.invalidateQueries({ queryKey: ['api', QUEUES[kind]] });
        }
      },
      endSession,
    );
  }, [token, client]);
  return counts.data;
}
