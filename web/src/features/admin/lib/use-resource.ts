import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data after a change the server answered with (no second request). */
  set: (data: T) => void;
}

/**
 * The owner console's reads, through the web's one query cache: a new key loads again (the stale
 * request is cancelled through its signal), reload() loads again while still showing the data it has.
 * Keys are namespaced by the caller (e.g. `order:${orderId}`); the owner's data is never cached stale.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Resource<T> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const queryClient = useQueryClient();
  const queryKey = ['admin', key];
  const r = useQuery({ queryKey, queryFn: ({ signal }) => loadRef.current(signal), staleTime: 0, gcTime: 0, retry: false });
  const { refetch } = r;
  return {
    data: r.data,
    error: r.isFetching ? undefined : r.error,
    loading: r.isFetching || r.isPending,
    reload: useCallback(() => void refetch(), [refetch]),
    set: useCallback((data: T) => queryClient.setQueryData(['admin', key], data), [queryClient, key]),
  };
}
