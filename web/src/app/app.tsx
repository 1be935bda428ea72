import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { logout, setNavigator } from '@/lib/logout';
import { reportRouteError } from './route-errors';
import { createRouter } from './router';

const ToastHost = lazy(() => import('./toast-host'));

const router = createRouter();
setNavigator((to) => void router.navigate(to));
setUnauthorizedHandler(logout);

export function App() {
  const [afterFirstPaint, setAfterFirstPaint] = useState(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => setAfterFirstPaint(true));
    return () => cancelAnimationFrame(id);
  }, []);
  return (
    <>
      <RouterProvider router={router} onError={reportRouteError} />
      {afterFirstPaint && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
