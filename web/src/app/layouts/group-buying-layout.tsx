import { Link, Outlet } from 'react-router';
import { SHOP } from '@/config/shop';
import { Brand } from './logo';
import { RouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

/** Campaign pages: a slim header so buyers stay on the order form. */
export function GroupBuyingLayout() {
  const line = SHOP.social.find((s) => s.key === 'line');
  return (
    <div className="layout layout--group">
      <SkipLink />
      <RouteFocus />
      <header className="group-header">
        <div className="group-header__inner">
          <Link to="/" className="brand" aria-label="青嶼書房 首頁">
            <Brand suffix="團購" />
          </Link>
          <p className="group-header__help">
            團購問題？<a href={line?.url} target="_blank" rel="noopener noreferrer">LINE 詢問</a>
          </p>
        </div>
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="group-footer">
        <p>團購活動由{SHOP.company}出貨與開立發票</p>
        <p>
          客服 <a href={SHOP.phoneHref}>{SHOP.phone}</a>（{SHOP.hours}）｜<Link to="/shoppingInfo">購物須知</Link>｜<Link to="/faq">常見問題</Link>
        </p>
      </footer>
    </div>
  );
}
