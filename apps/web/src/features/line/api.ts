import * as line from '@chok/contract/routes/line';
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';

export type LineConfig = Data<typeof line.lineConfig>;

export const lineKeys = { config: (member: boolean) => ['line', 'config', member] as const };

/** The LIFF app to initialise (null: none) and the logged-in member's LINE link. */
export function useLineConfig(isLoggedIn: boolean) {
  return useQuery({
    queryKey: lineKeys.config(isLoggedIn),
    queryFn: () => call(line.lineConfig, {}),
    staleTime: 5 * 60_000,
  });
}

/** Sends LINE's ID token; the server asks LINE who it belongs to and links that account. */
export function linkLine(idToken: string) {
  return call(line.lineLink, { id_token: idToken });
}

export type LineNotify = Data<typeof line.lineNotify>;
export type LineNotifySettings = LineNotify['settings'];

export const lineNotifyKey = ['line', 'notify'] as const;

/** The member's LINE message settings, and whether LINE may deliver them (linked, following). */
export function useLineNotify() {
  return useQuery({ queryKey: lineNotifyKey, queryFn: () => call(line.lineNotify, {}) });
}

export function saveLineNotify(settings: LineNotifySettings) {
  return call(line.lineSaveNotify, settings);
}
