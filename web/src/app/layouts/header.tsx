import { useId } from 'react';
import { Link, NavLink } from 'react-router';
import { MemberMenu } from '@/features/account/member-menu';
import { useMenu } from '@/lib/use-menu';
import { useCartCount } from '@/features/cart/cart-store';

import { Brand } from './logo';

const SHOPPING_LINKS = [
  { to: '/order', label: '訂單查詢' },
  { to: '/shoppingInfo', label: '購物須知' },
  { to: '/faq', label: '常見問題' },
];

function Dropdown({ label, children }: { label: string; children: React.ReactNode }) {
  const { open, toggle, ref: menuRef, toggleRef, onBlur } = useMenu();
  const id = useId();
  return (
    <div className="dropdown" ref={menuRef} onBlur={onBlur}>
      <button ref={toggleRef} type="button" className="nav__link dropdown__toggle" aria-expanded={open} aria-controls={id} onClick={toggle}>
        {label}
        <span aria-hidden="true" className="dropdown__caret">▾</span>
      </button>
      <div id={id} className="dropdown__menu" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

export function Header() {
  const count = useCartCount();
  // The phone's menu button: the same menu behaviour as the drop-downs, over the whole header bar.
  const { open: menuOpen, toggle, ref, toggleRef, onBlur } = useMenu();
  return (
    <header className="site-header">
      <div className="site-header__inner" ref={ref} onBlur={onBlur}>
        <Link to="/" className="brand" aria-label="青嶼書房 首頁">
          <Brand />
        </Link>
        {/* Before the app is live (no JavaScript, or not yet hydrated) the ☰ is this link instead: it opens
            the menu with CSS (#site-nav:target, web/src/styles/global.css); the button takes its place,
            same size, once React owns the page. */}
        <a className="nav-toggle nav-toggle--link" href="#site-nav">
          <span className="visually-hidden">開啟選單</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </a>
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle nav-toggle--button"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={toggle}
        >
          <span className="visually-hidden">{menuOpen ? '關閉選單' : '開啟選單'}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <nav id="site-nav" aria-label="主選單" className={`nav${menuOpen ? ' nav--open' : ''}`}>
          <NavLink className="nav__link" to="/" end>
            首頁
          </NavLink>
          <NavLink className="nav__link" to="/bookstore">
            訂購書籍
          </NavLink>
          {/* The open campaigns are listed on the home page; guests order there without an account. */}
          <Link className="nav__link" to="/#campaigns">
            團購
          </Link>
          <Dropdown label="購物相關">
            {SHOPPING_LINKS.map((l) => (
              <Link key={l.to} className="dropdown__item" to={l.to}>
                {l.label}
              </Link>
            ))}
          </Dropdown>
          <NavLink className="nav__link" to="/file">
            檔案下載
          </NavLink>
          <NavLink className="nav__link" to="/contact">
            聯絡我們
          </NavLink>
        </nav>
        <div className="site-header__actions">
          <Link to="/cart" className="cart-button" aria-label={`購物車，${count} 件商品`}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="9" cy="20" r="1.5" />
              <circle cx="18" cy="20" r="1.5" />
              <path d="M2 3h3l2.5 12h12L22 7H6.2" />
            </svg>
            {count > 0 && (
              <span className="cart-button__count" data-testid="cart-count">
                {count}
              </span>
            )}
          </Link>
          <MemberMenu />
        </div>
      </div>
    </header>
  );
}
