import { Link, Outlet } from 'react-router';
import { SHOP } from '@/config/shop';
import { Brand } from './logo';
import { RouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

/** A calm single-card layout on a blue layer, for account mail links such as unsubscribing. */
export function BlueLayerLayout() {
  return (
    <div className="layout layout--blue">
      <SkipLink />
      <RouteFocus />
      <header className="blue-header">
        <Link to="/" className="brand brand--light" aria-label="青嶼書房 首頁">
          <Brand />
        </Link>
      </header>
      <main id="main" className="layout__main blue-card" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="blue-footer">
        <p>
          {SHOP.company}｜客服 <a href={SHOP.phoneHref}>{SHOP.phone}</a>｜<a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
        </p>
      </footer>
    </div>
  );
}
