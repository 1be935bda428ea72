import { Link } from 'react-router';
import { SHOP } from '@/config/shop';
import { Brand } from './logo';
import { LayoutFrame } from './layout-frame';

/** Campaign pages: a slim header so buyers stay on the order form. */
export function GroupBuyingLayout() {
  const line = SHOP.social.find((s) => s.key === 'line');
  return (
    <LayoutFrame
      variant="group"
      header={
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
      }
      footer={
        <footer className="group-footer">
          <p>團購活動由{SHOP.company}出貨與開立發票</p>
          <p>
            客服 <a href={SHOP.phoneHref}>{SHOP.phone}</a>（{SHOP.hours}）｜<Link to="/shoppingInfo">購物須知</Link>｜<Link to="/faq">常見問題</Link>
          </p>
        </footer>
      }
    />
  );
}
