import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ApiError } from '../lib/api';
import { setNavigator, setPendingPathSource } from '../lib/navigation';
import { routes } from './routes';
import { boot } from './startup';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Refusals and auth failures are answers, not network hiccups.
        retry: (count, err) => !(err instanceof ApiError && err.status !== 0) && count < 2,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router, setRouter] = useState<ReturnType<typeof createBrowserRouter> | null>(null);

  useLayoutEffect(() => {
    boot();
    const r = createBrowserRouter(routes);
    setNavigator((to) => void r.navigate(to, { replace: to === '/login' }));
    setRouter(r);
    setPendingPathSource(() => {
      const to = r.state.navigation.location;
      return to ? to.pathname + to.search : null;
    });
    return () => r.dispose();
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      {router && <RouterProvider router={router} />}
      <Toaster theme="dark" position="top-center" richColors closeButton={false} duration={3000} />
    </QueryClientProvider>
  );
}
