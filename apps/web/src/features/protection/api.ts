import * as auth from '@chok/contract/routes/auth';
import * as protection from '@chok/contract/routes/protection';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Data, type Input } from '../../lib/api';
import { syncServerClock } from '../../lib/server-clock';

export type ProtectionState = Data<typeof protection.protectionGet>;
export type ProtectionLimit = ProtectionState['limits'][number];
export type RealityCheck = Data<typeof protection.protectionRealityCheck>;
export type ProtectionHistory = Data<typeof protection.protectionHistory>;

export const protectionKeys = {
  state: ['protection', 'state'] as const,
  history: ['protection', 'history'] as const,
  reality: ['protection', 'reality'] as const,
};

/** The member's limits, reality check and any time-out or self-exclusion. */
export function useProtection() {
  return useQuery({
    staleTime: 0,
    queryKey: protectionKeys.state,
    queryFn: async () => {
      const data = await call(protection.protectionGet, {});
      syncServerClock(data.server_time);
      return data;
    },
  });
}

export function useProtectionHistory() {
  return useQuery({
    staleTime: 0,
    queryKey: protectionKeys.history,
    queryFn: () => call(protection.protectionHistory, {}),
  });
}

/** After a change: the state the server answered, and the history again. */
export function useProtectionUpdate() {
  const client = useQueryClient();
  return (state: ProtectionState) => {
    client.setQueryData(protectionKeys.state, state);
    void client.invalidateQueries({ queryKey: protectionKeys.history });
    void client.invalidateQueries({ queryKey: protectionKeys.reality });
  };
}

export function setLimit(body: Input<typeof protection.protectionSetLimit>) {
  return call(protection.protectionSetLimit, body);
}

export function setRealityCheck(minutes: 30 | 60 | null) {
  return call(protection.protectionSetRealityCheck, { minutes });
}

export function takeTimeout(duration: Input<typeof protection.protectionTimeout>['duration']) {
  return call(protection.protectionTimeout, { duration }, { errorHandle: false });
}

export function selfExclude(body: Input<typeof protection.protectionExclude>) {
  return call(protection.protectionExclude, body, { errorHandle: false });
}

export function fetchRealityCheck(): Promise<RealityCheck> {
  return call(protection.protectionRealityCheck, {}, { errorHandle: false });
}

/** Logs this session out (the reality check's button); a refusal means it already ended. */
export async function endSession(): Promise<void> {
  try {
    await call(auth.logout, {}, { group: 'auth', errorHandle: false });
  } catch {
    // The session is gone either way.
  }
}
