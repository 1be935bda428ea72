import { Outlet, ScrollRestoration } from 'react-router';

/**
 * The root of every page: react-router's scroll restoration for the data router. A new page starts at
 * the top (or at its #hash target), back and forward return to where the shopper was (positions kept in
 * sessionStorage, so a reload keeps them too). Outside framework mode it renders nothing on the server,
 * so the first HTML gains no inline script (the CSP allows none).
 */
export function ScrollFrame() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
