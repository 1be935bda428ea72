import { Link } from 'react-router-dom';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('', '青嶼書房：公司登記、稅務、會計與契約實務書的線上書店與團購平台。');
  return (
    <section className="page hero" aria-labelledby="page-title">
      <h1 id="page-title">實務工作者的專業書房</h1>
      <p className="lead">公司登記、營業稅、會計與契約，一本一本為實務現場而寫。</p>
      <p>
        <Link className="btn btn--primary" to="/bookstore">
          瀏覽書籍
        </Link>
      </p>
    </section>
  );
}
