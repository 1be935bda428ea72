import { Link, Outlet } from 'react-router-dom';
import { SkipLink } from './skip-link';

/** Campaign pages: a slim header so buyers stay on the order form. */
export function GroupBuyingLayout() {
  return (
    <div className="layout layout--group">
      <SkipLink />
      <header className="group-header">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="brand__name">青嶼書房 團購</span>
        </Link>
      </header>
      <div id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </div>
      <footer className="group-footer">
        <p>團購活動由青嶼出版有限公司出貨與開立發票｜客服 06-234-5678</p>
      </footer>
    </div>
  );
}
