import type { ProductSummary } from '@contracts/products';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { q } from '@/lib/data/queries';
import { BookPicture } from '@/components/book-picture';
import { Placeholder } from '@/components/page-status';
import { BookTextSkeleton } from './book-skeleton';
import { Badges, Price } from './price';
import '../catalogue.css';

import type { AddToCart } from '../types';

const CARD_SIZES = '(max-width: 599px) 46vw, (max-width: 959px) 30vw, 250px';

function BookCard({ book, stock, priority, onAddToCart }: { book: ProductSummary; stock: number | undefined; priority: boolean; onAddToCart: AddToCart }) {
  const href = `/bookstore/${book.productId}`;
  const soldOut = stock === 0;
  return (
    <li className="book-card">
      <Link to={href} className="book-card__cover" tabIndex={-1} aria-hidden="true">
        <BookPicture src={book.imgSrc} alt="" kind="cover" sizes={CARD_SIZES} priority={priority} />
      </Link>
      <div className="book-card__body">
        <Badges isNew={book.isNew} isOnSale={book.isOnSale} soldOut={soldOut} />
        <h2 className="book-card__title">
          <Link to={href}>{book.name}</Link>
        </h2>
        <Price listPrice={book.listPrice} salePrice={book.salePrice} />
        {soldOut ? (
          <Link className="btn btn--ghost btn--small book-card__action" to={`${href}#stock-alert`} aria-label={`${book.name}缺貨中，查看詢問方式`}>
            缺貨・詢問到貨
          </Link>
        ) : (
          <button type="button" className="btn btn--primary btn--small book-card__action" onClick={() => onAddToCart(book.productId, 1)} aria-label={`將《${book.name}》加入購物車`}>
            加入購物車
          </button>
        )}
      </div>
    </li>
  );
}

function Books({ onAddToCart }: { onAddToCart: AddToCart }) {
  const list = useSuspenseQuery(q.productSummaries()).data;
  // Until the counts arrive (or if they cannot), every book offers 加入購物車; the cart caps at stock.
  const counts = useQuery(q.stockMap()).data ?? {};
  if (!list.length) return <p className="muted">目前沒有上架的書籍，敬請期待。</p>;
  // The first row on a phone (two covers) is the page's largest paint: those load from the first HTML at once.
  return (
    <ul className="book-grid" aria-label="書籍列表">
      {list.map((b, i) => (
        <BookCard key={b.productId} book={b} stock={counts[b.productId]} priority={i < 2} onAddToCart={onAddToCart} />
      ))}
    </ul>
  );
}

export function BookListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Placeholder label="書籍載入中…">
      <ul className="book-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="book-card book-card--skeleton">
            <div className="skeleton book-card__cover-skeleton" />
            <BookTextSkeleton className="book-card__body" />
          </li>
        ))}
      </ul>
    </Placeholder>
  );
}

/** The book list: cards with cover, prices, badges and an add-to-cart button. */
export function BookList({ onAddToCart }: { onAddToCart: AddToCart }) {
  // The route's loader has started both reads (router.tsx); the grid needs the books only.
  return (
    <Suspense fallback={<BookListSkeleton />}>
      <Books onAddToCart={onAddToCart} />
    </Suspense>
  );
}
