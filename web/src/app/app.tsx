import type { PostedForm } from '@contracts/storefront';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PostedFormContext } from '@/lib/posted-form';
import { useToastAsked } from '@/lib/toast';
import { reportRouteError } from './route-errors';
import type { createRouter } from './router';

const ToastHost = lazy(() => import('./toast-host'));

/** The whole app; the same tree is rendered by the `ssr` function (entry-server.tsx) and hydrated here. */
export function App({ router, queryClient, posted }: { router: ReturnType<typeof createRouter>; queryClient: QueryClient; posted: PostedForm | null }) {
  // The toast container (and react-toastify, 9.5 KiB gzip) only once a toast is asked for: most visits
  // never show one (web/src/lib/toast.ts).
  const toastAsked = useToastAsked();
  useEffect(() => {
    // Hydrated (or, on a shell page, rendered): the browser tests wait for this (web/e2e/support/test.ts).
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PostedFormContext value={posted}>
          <RouterProvider router={router} onError={reportRouteError} />
        </PostedFormContext>
        {toastAsked && (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        )}
      </QueryClientProvider>
    </StrictMode>
  );
}
