import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

export type Loaded<T> =
  | { status: 'loading'; data?: undefined; error?: undefined; reload: () => void }
  | { status: 'success'; data: T; error?: undefined; reload: () => void }
  | { status: 'error'; data?: undefined; error: unknown; reload: () => void };

/**
 * TanStack Query's useQuery in the shape the pages render from: loading, success or error, and a
 * reload for the retry button. The cache, deduplication and cancellation are the query client's.
 */
export function useApiQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>): Loaded<T> {
  const r = useQuery(options);
  const reload = () => void r.refetch();
  if (r.isPending) return { status: 'loading', reload };
  if (r.isError) return { status: 'error', error: r.error, reload };
  return { status: 'success', data: r.data, reload };
}
