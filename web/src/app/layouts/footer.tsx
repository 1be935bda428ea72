import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">青嶼出版有限公司</h2>
          <p>統一編號 24536806</p>
          <p>臺南市中西區青年路 123 號 5 樓</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">聯絡我們</h2>
          <p>電話 06-234-5678（週一至週五 09:30–17:30）</p>
          <p>
            <a href="mailto:service@qingyu-books.example">service@qingyu-books.example</a>
          </p>
        </section>
        <nav aria-label="頁尾選單" className="site-footer__links">
          <Link to="/shoppingInfo">購物須知</Link>
          <Link to="/faq">常見問題</Link>
          <Link to="/business">團體與企業採購</Link>
          <Link to="/contact">聯絡我們</Link>
        </nav>
      </div>
      <p className="site-footer__copy">© 2026 青嶼書房</p>
    </footer>
  );
}
