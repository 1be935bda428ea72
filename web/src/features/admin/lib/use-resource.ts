import { useCallback, useEffect, useRef, useState } from 'react';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data after a change the server answered with (no second request). */
  set: (data: T) => void;
}

interface State<T> {
  key?: string;
  version?: number;
  data?: T;
  error?: unknown;
}

/**
 * Loads data for a page under a key; a new key loads again (and aborts the stale request), reload()
 * loads again while still showing the data it has.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Resource<T> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<State<T>>({});

  useEffect(() => {
    const ctrl = new AbortController();
    loadRef.current(ctrl.signal).then(
      (data) => setState({ key, version, data }),
      (error: unknown) => {
        if ((error as Error)?.name !== 'AbortError') setState((s) => ({ key, version, data: s.key === key ? s.data : undefined, error }));
      },
    );
    return () => ctrl.abort();
  }, [key, version]);

  const sameKey = state.key === key;
  const loading = !sameKey || state.version !== version;
  return {
    data: sameKey ? state.data : undefined,
    error: loading ? undefined : state.error,
    loading,
    reload: useCallback(() => setVersion((v) => v + 1), []),
    set: useCallback((data: T) => setState({ key, version, data }), [key, version]),
  };
}
