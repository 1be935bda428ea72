import { Link, Outlet } from 'react-router-dom';
import { SkipLink } from './skip-link';

/** A calm single-card layout on a blue layer, for account mail links such as unsubscribing. */
export function BlueLayerLayout() {
  return (
    <div className="layout layout--blue">
      <SkipLink />
      <header className="blue-header">
        <Link to="/" className="brand brand--light">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="brand__name">青嶼書房</span>
        </Link>
      </header>
      <div id="main" className="layout__main blue-card" tabIndex={-1}>
        <Outlet />
      </div>
    </div>
  );
}
