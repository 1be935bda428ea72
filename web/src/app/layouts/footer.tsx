import { lazy, memo, Suspense } from 'react';
import { Link } from 'react-router';
import { SHOP } from '@/config/shop';
import { ShippingText } from '@/components/shipping-text';
import { whenNeeded } from '@/lib/deferred-hydration';

// The newsletter form's code (with the email box and its suggestion, about 1 KiB brotli) is not in the
// first JS of every page: the server renders the form whole, and on a rendered page it hydrates when it
// nears the viewport or is used (lib/deferred-hydration.ts); until then a submit is held (boot.ts).
const LazyNewsletterForm = lazy(() =>
  whenNeeded('newsletter')
    .then(() => import('./newsletter-form'))
    .then((m) => ({ default: m.NewsletterForm })),
);

/** Memoised: a dehydrated boundary given new props could only be hydrated (or thrown away) at once. */
const NewsletterForm = memo(function NewsletterForm() {
  return (
    <Suspense fallback={null}>
      <LazyNewsletterForm />
    </Suspense>
  );
});

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            {SHOP.company}
          </h2>
          <p>統一編號 {SHOP.taxId}</p>
          <p>{SHOP.address}</p>
          <p className="small">
            出版社直營書店
            <ShippingText before="｜" />
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            聯絡我們
          </h2>
          <p>
            電話 <a href={SHOP.phoneHref}>{SHOP.phone}</a>
          </p>
          <p className="small">{SHOP.hours}</p>
          <p>
            <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
          </p>
          <ul className="site-footer__social" aria-label="社群帳號">
            {SHOP.social.map((s) => (
              <li key={s.key}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" aria-label={`${s.label}（另開新視窗）`}>
                  <img src={s.icon} alt="" width="24" height="24" loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-label="頁尾選單" className="site-footer__links">
          <h2 className="site-footer__heading">購物指南</h2>
          <Link to="/shoppingInfo">購物須知</Link>
          <Link to="/faq">常見問題</Link>
          <Link to="/order">訂單查詢</Link>
          <Link to="/business">團體與企業採購</Link>
          <Link to="/file">檔案下載</Link>
          <Link to="/contact">聯絡我們</Link>
        </nav>
        <NewsletterForm />
      </div>
      <div className="site-footer__bottom">
        <p className="site-footer__copy">© 2026 {SHOP.company}．版權所有</p>
        <p className="site-footer__copy">匯款付款．7 天鑑賞期</p>
      </div>
    </footer>
  );
}
