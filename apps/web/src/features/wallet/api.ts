import type * as wallet from '@chok/contract/api/wallet';
import type { DataOf, QueryOf } from '@chok/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type Statement = DataOf<typeof wallet.memberStatement>;
export type StatementQuery = Partial<QueryOf<typeof wallet.memberStatement>>;

export function useStatement(query: StatementQuery) {
  return useQuery({
    queryKey: ['statement', query],
    queryFn: () => api<Statement>('/api/member/statement', { query }),
  });
}
