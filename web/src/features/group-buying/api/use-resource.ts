import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/** Loads once per key (abortable), with a reload for retries. */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<{ key: string | null; value: Resource<T> }>({ key, value: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (key === null) return;
    const ctrl = new AbortController();
    load(ctrl.signal).then(
      (data) => setState({ key, value: { status: 'success', data } }),
      (error: unknown) => {
        if ((error as Error)?.name !== 'AbortError') setState({ key, value: { status: 'error', error } });
      },
    );
    return () => ctrl.abort();
    // `load` is keyed by `key`; a new function each render must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const value: Resource<T> = state.key === key ? state.value : { status: 'loading' };
  return { ...value, reload };
}
