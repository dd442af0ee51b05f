import * as games from '@chok/contract/routes/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Data, type Input } from '../../lib/api';
import { useLocalData } from '../../stores/local';

export type GameItem = Data<typeof games.gameList>[number];
export type LobbyLists = Data<typeof games.gameLobby>;
export type LobbyConfig = Data<typeof games.lobbyConfigs>;
export type GameWallet = Data<typeof games.gameWallets>[number];
export type GameCategory = GameItem['categories'][number];
export type FairRound = Data<typeof games.fairRound>;

/** The lobby's game categories (`/lobby/{name}`); any other name shows every game. */
export const LOBBY_CATEGORIES = ['casino', 'slot', 'sport', 'fishing', 'freespin'] as const;
export type LobbyCategory = (typeof LOBBY_CATEGORIES)[number];
export const lobbyCategoryOf = (name: string | undefined): LobbyCategory | undefined =>
  LOBBY_CATEGORIES.includes(name as LobbyCategory) ? (name as LobbyCategory) : undefined;

/** A page of the catalogue (entry-server.tsx prefetches the lobby's first one: app/server-rendered.ts). */
export const gameListQuery = (f: Omit<Input<typeof games.gameList>, 'limit'>) =>
  queryOptions({
    queryKey: ['game-list', f],
    queryFn: () => call(games.gameList, { ...f, limit: 120 }),
  });

export function useGameList(f: Omit<Input<typeof games.gameList>, 'limit'>) {
  return useQuery({ ...gameListQuery(f), placeholderData: (previous) => previous });
}

/** The lobby lists (last played for members, hot, each category); kept under `local_data` as last seen. */
export const lobbyQuery = (isLoggedIn: boolean) =>
  queryOptions({
    queryKey: ['game-lobby', isLoggedIn],
    queryFn: async () => {
      const lists = await call(games.gameLobby, {}, { errorHandle: false });
      // The browser keeps what it saw. On the server (entry-server.tsx prefetches this query) the
      // stores belong to every request at once and have no storage to write to.
      if (typeof window !== 'undefined') useLocalData.getState().setLobby(lists);
      return lists;
    },
  });

/** The lobby lists; the ones last seen (`local_data`) show at once while the fresh ones load. */
export function useLobby() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const stored = useLocalData((s) => s.lobby);
  return useQuery({ ...lobbyQuery(isLoggedIn), placeholderData: stored ?? undefined });
}

/** A lobby's title, banner, categories and providers ('' for the lobby of every game). */
export const lobbyConfigQuery = (lobbyKey: string) =>
  queryOptions({
    queryKey: ['lobby-config', lobbyKey],
    queryFn: () => call(games.lobbyConfigs, { lobby_key: lobbyKey }),
  });

export function useLobbyConfig(lobbyKey: string) {
  return useQuery(lobbyConfigQuery(lobbyKey));
}

export const fetchGameWallets = (body: Input<typeof games.gameWallets>) => call(games.gameWallets, body);
export const fetchGameLink = (body: Input<typeof games.gameLink>) => call(games.gameLink, body);
export const fetchDemoLink = (body: Input<typeof games.gameDemo>) => call(games.gameDemo, body);

/** A played in-house round, for the fairness page to check in the browser. */
export const fetchFairRound = (id: string) => call(games.fairRound, { id }, { errorHandle: false });
