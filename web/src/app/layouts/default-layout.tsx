import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { RouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

export function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <SkipLink />
      <RouteFocus />
      <Header />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
