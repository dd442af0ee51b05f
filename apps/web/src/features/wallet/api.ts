import * as wallet from '@chok/contract/routes/wallet';
import { useQuery } from '@tanstack/react-query';
import { call, type Data, type Input } from '../../lib/api';

export type Statement = Data<typeof wallet.memberStatement>;
export type StatementQuery = Input<typeof wallet.memberStatement>;

export function useStatement(query: StatementQuery) {
  return useQuery({
    queryKey: ['statement', query],
    queryFn: () => call(wallet.memberStatement, query),
  });
}
