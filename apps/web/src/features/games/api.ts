import type * as games from '@chok/contract/api/games';
import type { DataOf, InputOf } from '@chok/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLocalData } from '../../stores/local';

export type GameItem = DataOf<typeof games.gameList>[number];
export type LobbyLists = DataOf<typeof games.gameLobby>;
export type LobbyConfig = DataOf<typeof games.lobbyConfigs>;
export type GameWallet = DataOf<typeof games.gameWallets>[number];
export type GameCategory = GameItem['categories'][number];

export function useGameList(f: { category?: string; provider?: string; q?: string }) {
  return useQuery({
    queryKey: ['game-list', f],
    queryFn: () => api<GameItem[]>('/api/game/list', { query: { ...f, limit: 120 } }),
    placeholderData: (previous) => previous,
  });
}

export function useLobby() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  return useQuery({
    queryKey: ['game-lobby', isLoggedIn],
    queryFn: () => api<LobbyLists>('/api/game/lobby', { errorHandle: false }),
  });
}

export function useLobbyConfig(lobbyKey: string) {
  return useQuery({
    queryKey: ['lobby-config', lobbyKey],
    queryFn: () => api<LobbyConfig>('/api/lobby/configs', { query: { lobby_key: lobbyKey } }),
  });
}

export const fetchGameWallets = (body: InputOf<typeof games.gameWallets>) =>
  api<GameWallet[]>('/api/game/wallets', { body });
export const fetchGameLink = (body: InputOf<typeof games.gameLink>) =>
  api<{ link: string }>('/api/game/link', { body });
export const fetchDemoLink = (body: InputOf<typeof games.gameDemo>) =>
  api<{ link: string }>('/api/game/demo', { body });
