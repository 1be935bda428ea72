import { useEffect, useState } from 'react';

export type Resource<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/** Runs a (cached) fetcher once for the component and tracks its state. */
export function useResource<T>(fetcher: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetcher().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [fetcher]);
  return state;
}
