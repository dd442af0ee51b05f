import type { CallInputOf, DataOf, Endpoint, Route } from '@chok/contract/endpoint';
import { type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call, errorMessage } from './api';

/** The query key of a read: the route's path and its input, so invalidating a path refreshes its reads. */
export const keyOf = (route: Route, input?: object) => ['api', route.path, input ?? {}] as const;

/** A read of a contract endpoint through the api client, cached by TanStack Query. */
export function useApi<E extends Endpoint>(
  route: Route<E>,
  input: CallInputOf<E>,
  opts: Omit<UseQueryOptions<DataOf<E>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<DataOf<E>>({
    queryKey: keyOf(route, input as object),
    queryFn: () => call(route, input),
    ...opts,
  });
}

/**
 * A change through a contract endpoint: a success toast, the refusal's Thai message in an error
 * toast, and the reads of the given routes refreshed afterwards. Forms read `error.fields`.
 */
export function useAction<E extends Endpoint>(
  route: Route<E>,
  opts: { success?: string | ((data: DataOf<E>) => string); refresh?: readonly Route[] } = {},
) {
  const client = useQueryClient();
  return useMutation<DataOf<E>, Error, CallInputOf<E>>({
    mutationFn: (input) => call(route, input),
    onSuccess: (data) => {
      const text = typeof opts.success === 'function' ? opts.success(data) : opts.success;
      if (text) toast.success(text);
    },
    onError: (err) => {
      toast.error(errorMessage(err));
    },
    onSettled: async () => {
      await Promise.all(
        (opts.refresh ?? []).map((r) => client.invalidateQueries({ queryKey: ['api', r.path] })),
      );
    },
  });
}
