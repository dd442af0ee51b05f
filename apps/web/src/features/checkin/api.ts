import * as checkin from '@chok/contract/routes/checkin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { syncServerClock } from '../../lib/server-clock';

export type CheckinMonth = Data<typeof checkin.checkinGet>;
export type CheckinStamp = Data<typeof checkin.checkinStamp>;

export const checkinKeys = {
  all: ['checkin'] as const,
  /** `null`: the server's current month. */
  month: (month: string | null) => ['checkin', month ?? 'current'] as const,
};

/** The check-in calendar of a month (the server's current Bangkok month when `null`). */
export function useCheckinMonth(month: string | null) {
  return useQuery({
    // Live: a deposit, a stamp or a settled round elsewhere changes it.
    staleTime: 0,
    queryKey: checkinKeys.month(month),
    // Moving between months keeps the page (streak, button) while the next month loads.
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const data = await call(checkin.checkinGet, month ? { month } : {});
      syncServerClock(data.server_time);
      return data;
    },
  });
}

/** Today's stamp: the server decides the date; a repeat answers the same stamp. */
export function stampToday(): Promise<CheckinStamp> {
  return call(checkin.checkinStamp, {});
}
