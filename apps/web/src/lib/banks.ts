import * as content from '@chok/contract/routes/content';
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from './api';

export type Bank = Data<typeof content.banks>[number];

/** The banks a member may register an account of (the register form, in its page and its dialog). */
export function useBanks() {
  return useQuery({
    queryKey: ['banks'],
    queryFn: () => call(content.banks, {}),
    staleTime: 60 * 60_000,
  });
}
