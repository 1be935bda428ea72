import type { ProductSummary } from '@contracts/products';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { q } from '@/lib/data/queries';
import { BookPicture } from '@/components/book-picture';
import { formatMoney } from '@contracts/format-core';

const COVER_SIZES = '(max-width: 599px) 46vw, (max-width: 959px) 30vw, 250px';

/**
 * A cover at the width it is shown (AVIF/WebP/JPEG). The first row is above the fold on a phone (two
 * covers) and is the page's largest image: those load at once with high priority, straight from the
 * first HTML; the others wait until they are near.
 */
function Cover({ book, priority }: { book: ProductSummary; priority: boolean }) {
  return (
    <span className="featured-card__cover" data-title={book.name}>
      <BookPicture src={book.imgSrc} alt="" kind="cover" sizes={COVER_SIZES} priority={priority} hideOnError />
    </span>
  );
}

export function FeaturedBooks() {
  const books = useQuery(q.productSummaries());
  return (
    <section className="home-section" aria-labelledby="featured-title">
      <div className="home-section__head">
        <h2 id="featured-title">精選書籍</h2>
        <Link to="/bookstore" className="home-section__more">
          全部書籍 →
        </Link>
      </div>
      {books.status === 'error' ? (
        <p className="notice notice--warn">書籍資料暫時無法載入，請稍後重新整理，或直接前往<Link to="/bookstore">訂購書籍</Link>。</p>
      ) : (
        <ul className="featured-grid" aria-busy={books.status === 'pending'}>
          {books.status === 'pending'
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="featured-card featured-card--skeleton" aria-hidden="true">
                  <span className="featured-card__cover skeleton" />
                  <span className="skeleton featured-card__line" />
                </li>
              ))
            : books.data.slice(0, 4).map((b, i) => (
                <li key={b.productId} className="featured-card">
                  <Link to={`/bookstore/${b.productId}`} className="featured-card__link">
                    <Cover book={b} priority={i < 2} />
                    <span className="featured-card__badges">
                      {b.isNew && <span className="badge badge--new">新品</span>}
                      {b.isOnSale && <span className="badge badge--sale">限時優惠</span>}
                    </span>
                    <span className="featured-card__name">{b.name}</span>
                    <span className="featured-card__price">
                      <span className="price">{formatMoney(b.salePrice)}</span>
                      {b.isOnSale && (
                        <span className="price--list">
                          <span className="visually-hidden">定價</span>
                          {formatMoney(b.listPrice)}
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
