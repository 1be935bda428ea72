import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

// A public Firestore document read live (stock, campaign progress) through reactfire, loaded after
// the page has rendered so it never delays the first paint. Until it arrives, `fallback` shows
// (typically the value the API already returned).

export interface LiveDocumentProps<T> {
  /** e.g. `stock/company-registration-guide` */
  path: string;
  children: (data: T | undefined) => ReactNode;
  fallback: ReactNode;
}

const Impl = lazy(() => import('./live-document-impl'));

export function LiveDocument<T>({ path, children, fallback }: LiveDocumentProps<T>) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (document.readyState === 'complete') {
      const id = setTimeout(start, 0);
      return () => clearTimeout(id);
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  if (!ready) return <>{fallback}</>;
  return (
    <Suspense fallback={fallback}>
      <Impl path={path} fallback={fallback}>
        {children as (d: unknown) => ReactNode}
      </Impl>
    </Suspense>
  );
}
