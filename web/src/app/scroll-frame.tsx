import { Outlet, ScrollRestoration, type Location } from 'react-router';

/**
 * Every document's first entry has the key "default", whatever its URL: keyed by that alone, a page
 * loaded fresh in a tab (a link from a mail or LINE, an address typed in) was scrolled to where the
 * previous fresh page of that tab was left, e.g. an organiser's link opened halfway down. The first entry
 * is keyed by its URL too, so a reload still returns to its place and another URL starts at the top.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key);

/**
 * The root of every page: react-router's scroll restoration for the data router. A new page starts at
 * the top (or at its #hash target), back and forward return to where the shopper was (positions kept in
 * sessionStorage, so a reload keeps them too). Outside framework mode it renders nothing on the server,
 * so the first HTML gains no inline script (the CSP allows none).
 */
export function ScrollFrame() {
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
    </>
  );
}
