import { Link } from 'react-router';
import { SHOP } from '@/config/shop';
import { Brand } from './logo';
import { LayoutFrame } from './layout-frame';

/** A calm single-card layout on a blue layer, for account mail links such as unsubscribing. */
export function BlueLayerLayout() {
  return (
    <LayoutFrame
      variant="blue"
      mainClassName="layout__main blue-card"
      header={
        <header className="blue-header">
          <Link to="/" className="brand brand--light" aria-label="青嶼書房 首頁">
            <Brand />
          </Link>
        </header>
      }
      footer={
        <footer className="blue-footer">
          <p>
            {SHOP.company}｜客服 <a href={SHOP.phoneHref}>{SHOP.phone}</a>｜<a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
          </p>
        </footer>
      }
    />
  );
}
