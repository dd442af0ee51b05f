import type { WorkCounts } from '@chok/contract/api/admin-console';
import * as adminConsole from '@chok/contract/routes/admin-console';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endSession } from '../lib/api';
import { keyOf, useApi } from '../lib/query';
import { openStaffStream } from '../lib/stream';
import { useSession } from '../stores/session';

const WORK_COUNTS_EVENT = 'work_counts';

/**
 * The waiting work shown in the header: read once, then kept current by the staff event stream,
 * which sends the counts again whenever deposits, withdrawals, holds or shop orders change.
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
        if (event === WORK_COUNTS_EVENT)
          client.setQueryData(keyOf(adminConsole.adminWorkCounts, {}), data as WorkCounts);
      },
      endSession,
    );
  }, [token, client]);
  return counts.data;
}
