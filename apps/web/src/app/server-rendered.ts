import type { MemberRoute } from '@chok/contract/layouts';
import type { QueryClient } from '@tanstack/react-query';
import { contentQueries } from '../features/content/api';
import { gameListQuery, lobbyCategoryOf, lobbyConfigQuery, lobbyQuery } from '../features/games/api';
import { lottoQueries, resultsDateOf } from '../features/lotto/api';
import { promotionListQuery } from '../features/promotions/api';

interface ServerRenderedPage {
  /** The page's module as the client build's manifest names it: its script and styles go into the head. */
  source: string;
  /** Fetches the public data the page shows (the same query keys as its hooks). */
  prefetch: (queryClient: QueryClient, url: URL, agentCode: string) => Promise<void>[];
}

/**
 * The default layout's own data: the header and the event corner show the events, and the dialog of
 * important notifications opens on any page.
 */
const layoutData = (qc: QueryClient, agentCode: string) => [
  qc.prefetchQuery(contentQueries.events(agentCode)),
  qc.prefetchQuery(contentQueries.notifications(agentCode)),
];

/**
 * The public pages rendered on the server with their data (docs/rules/member-site.md §4 "start-up":
 * the app mounts on them at once). Every other route runs its layout's guard in the browser first.
 */
export const serverRendered: Partial<Record<MemberRoute, ServerRenderedPage>> = {
  '/': {
    source: 'src/pages/Home.tsx',
    prefetch: (qc, _url, agentCode) => [
      ...layoutData(qc, agentCode),
      qc.prefetchQuery(contentQueries.banners(agentCode)),
      qc.prefetchQuery(contentQueries.promotions(agentCode)),
      qc.prefetchQuery(lobbyQuery(false)),
      qc.prefetchQuery(lottoQueries.lobby()),
      qc.prefetchQuery(lottoQueries.latestResults()),
    ],
  },
  '/promotions': {
    source: 'src/pages/promotions/Promotions.tsx',
    prefetch: (qc, _url, agentCode) => [...layoutData(qc, agentCode), qc.prefetchQuery(promotionListQuery())],
  },
  '/lotto/lobby': {
    source: 'src/pages/lotto/Lobby.tsx',
    prefetch: (qc, _url, agentCode) => [...layoutData(qc, agentCode), qc.prefetchQuery(lottoQueries.lobby())],
  },
  '/lotto/rates': {
    source: 'src/pages/lotto/Rates.tsx',
    prefetch: (qc, _url, agentCode) => [...layoutData(qc, agentCode), qc.prefetchQuery(lottoQueries.rates())],
  },
  '/lotto/results': {
    source: 'src/pages/lotto/Results.tsx',
    prefetch: (qc, url, agentCode) => [
      ...layoutData(qc, agentCode),
      qc.prefetchQuery(lottoQueries.results(resultsDateOf(url.searchParams))),
    ],
  },
  // The game lobby's layout has no header, events or announcements of its own: the page's data only,
  // as a visitor sees it (a member's last-played row follows in the browser).
  '/lobby/:name?': {
    source: 'src/pages/games/Lobby.tsx',
    prefetch: (qc, url) => {
      const category = lobbyCategoryOf(url.pathname.split('/')[2]);
      return [
        qc.prefetchQuery(lobbyConfigQuery(category ?? '')),
        qc.prefetchQuery(lobbyQuery(false)),
        qc.prefetchQuery(gameListQuery({ category, provider: undefined, q: undefined })),
      ];
    },
  },
};
