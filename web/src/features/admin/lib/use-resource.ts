import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiKey, apiQuery, type ApiAnswer, type ApiInput, type RouteKey } from '@/lib/api-client';

export interface Resource<T, A = unknown> {
  /** The answer (or what `select` makes of it); null while nothing is asked (`input` null). */
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the answer after a change the server answered with (no second request). */
  set(answer: A): void;
}

/**
 * The owner console's reads, through the web's one query cache with its typed keys (lib/api-client.ts):
 * a new input loads again (the stale request is cancelled through its signal), reload() loads again
 * while still showing the data it has; `input` null asks nothing (a form for a new record). The owner's
 * data is never cached stale.
 */
export function useResource<K extends RouteKey>(route: K, input: ApiInput<K>): Resource<ApiAnswer<K>, ApiAnswer<K>>;
export function useResource<K extends RouteKey>(route: K, input: ApiInput<K> | null): Resource<ApiAnswer<K> | null, ApiAnswer<K>>;
export function useResource<K extends RouteKey, T>(route: K, input: ApiInput<K>, select: (answer: ApiAnswer<K>) => T): Resource<T, ApiAnswer<K>>;
export function useResource<K extends RouteKey, T>(route: K, input: ApiInput<K> | null, select: (answer: ApiAnswer<K>) => T): Resource<T | null, ApiAnswer<K>>;
export function useResource<K extends RouteKey, T>(route: K, input: ApiInput<K> | null, select?: (answer: ApiAnswer<K>) => T): Resource<T | null, ApiAnswer<K>> {
  const queryClient = useQueryClient();
  const r = useQuery({
    ...apiQuery(route, input ?? ({} as ApiInput<K>)),
    enabled: input !== null,
    select: select as ((answer: ApiAnswer<K>) => T) | undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const { refetch } = r;
  const key = JSON.stringify(input);
  return {
    data: input === null ? null : (r.data as T | undefined),
    error: r.isFetching ? undefined : r.error,
    loading: input !== null && (r.isFetching || r.isPending),
    reload: useCallback(() => void refetch(), [refetch]),
    set: useCallback((answer: ApiAnswer<K>) => queryClient.setQueryData(apiKey(route, JSON.parse(key) as ApiInput<K>), answer), [queryClient, route, key]),
  };
}
