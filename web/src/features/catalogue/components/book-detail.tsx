import { Suspense, use, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { formatLongDate } from '@/lib/format';
import { useDocumentMeta } from '@/lib/use-document-title';
import { getProduct, getProductPlans, type Product } from '../api/get-product';
import { getStock } from '../api/get-stock';
import type { AddToCart } from '../types';
import { BookPicture } from './book-picture';
import { BuyBox } from './buy-box';
import { ErrataTable } from './errata-table';
import { GroupBuyOffers } from './group-buy-offers';
import { Badges, Price } from './price';
import { PreviewGallery } from './preview-gallery';
import '../catalogue.css';

const COVER_SIZES = '(max-width: 767px) 60vw, 360px';

function Details({ p }: { p: Product }) {
  const rows: [string, string][] = [
    ['作者', p.author],
    ['出版社', p.publisher],
    ['出版日期', p.publishedAt ? formatLongDate(p.publishedAt) : ''],
    ['ISBN', p.isbn],
    ['頁數', p.pages ? `${p.pages} 頁` : ''],
    ['規格', p.format],
  ];
  return (
    <dl className="book-facts">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="book-facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function BuyBoxSkeleton() {
  return (
    <div className="buy-box" aria-busy="true">
      <p className="visually-hidden" role="status">
        庫存載入中…
      </p>
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="skeleton skeleton--button" />
    </div>
  );
}

function Book({ product, stock, plans, onAddToCart }: { product: Promise<Product>; stock: Promise<number | null>; plans: ReturnType<typeof getProductPlans>; onAddToCart: AddToCart }) {
  const p = use(product);
  const intro = p.bookIntroduction;
  useDocumentMeta(p.name, intro.overview ? intro.overview.slice(0, 120) : undefined);
  const isOnSale = p.salePrice < p.listPrice;
  return (
    <article className="book-page" style={{ '--book-color': intro.primaryColor || 'var(--c-primary)' } as CSSProperties} aria-labelledby="page-title">
      <nav className="breadcrumb" aria-label="目前位置">
        <ol>
          <li>
            <Link to="/">首頁</Link>
          </li>
          <li>
            <Link to="/bookstore">訂購書籍</Link>
          </li>
          <li aria-current="page">{p.name}</li>
        </ol>
      </nav>

      <div className="book-hero">
        <div className="book-hero__cover">
          <BookPicture src={p.imgSrc} alt={`《${p.name}》封面`} kind="cover" sizes={COVER_SIZES} priority />
        </div>
        <div className="book-hero__info">
          <Badges isNew={p.isNew} isOnSale={isOnSale} />
          <h1 id="page-title" className="book-hero__title">
            {p.name}
          </h1>
          {p.subtitle && <p className="book-hero__subtitle">{p.subtitle}</p>}
          <p className="book-hero__author">
            {p.author}
            {p.publisher && <span className="muted">｜{p.publisher}</span>}
          </p>
          {intro.slogan && <p className="book-hero__slogan">「{intro.slogan}」</p>}
          <Price listPrice={p.listPrice} salePrice={p.salePrice} large />
          {p.content.length > 0 && (
            <ul className="book-hero__points">
              {p.content.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          )}
          <Suspense fallback={<BuyBoxSkeleton />}>
            <BuyBox productId={p.productId} name={p.name} stock={stock} onAddToCart={onAddToCart} />
          </Suspense>
        </div>
      </div>

      <Suspense fallback={null}>
        <GroupBuyOffers plans={plans} salePrice={p.salePrice} />
      </Suspense>

      {p.previewImages.length > 0 && (
        <section className="book-section" aria-labelledby="preview-title">
          <h2 id="preview-title">內頁試閱</h2>
          <PreviewGallery images={p.previewImages} bookName={p.name} />
        </section>
      )}

      <section className="book-section" aria-labelledby="intro-title">
        <h2 id="intro-title">書籍簡介</h2>
        {intro.overview && <p className="book-section__lead">{intro.overview}</p>}
        {intro.summary.length > 0 && (
          <>
            <h3>內容大綱</h3>
            <ol className="book-outline">
              {intro.summary.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </>
        )}
      </section>

      <section className="book-section" aria-labelledby="details-title">
        <h2 id="details-title">詳細資料</h2>
        <Details p={p} />
        {intro.detail.length > 0 && (
          <ul className="book-detail-notes">
            {intro.detail.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </section>

      {p.notice.length > 0 && (
        <section className="book-section book-notice" aria-labelledby="notice-title">
          <h2 id="notice-title">注意事項</h2>
          <ul>
            {p.notice.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      )}

      <section className="book-section" aria-labelledby="errata-title">
        <h2 id="errata-title">勘誤公告</h2>
        <ErrataTable errata={p.erratum} />
      </section>
    </article>
  );
}

export function BookDetailSkeleton() {
  return (
    <div className="book-page" aria-busy="true">
      <p className="visually-hidden" role="status">
        書籍資料載入中…
      </p>
      <div className="book-hero" aria-hidden="true">
        <div className="book-hero__cover">
          <div className="skeleton book-hero__cover-skeleton" />
        </div>
        <div className="book-hero__info">
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--button" />
        </div>
      </div>
    </div>
  );
}

/**
 * The book page. The book, its stock and its open plans are asked for together; the page shows once
 * the book has arrived, and an unknown or unlaunched id reaches the error screen as a 404.
 * Mount it with key={productId} so that a new book starts afresh.
 */
export function BookDetail({ productId, onAddToCart }: { productId: string; onAddToCart: AddToCart }) {
  const [requests] = useState(() => ({ product: getProduct(productId), stock: getStock(productId), plans: getProductPlans(productId) }));
  return (
    <Suspense fallback={<BookDetailSkeleton />}>
      <Book product={requests.product} stock={requests.stock} plans={requests.plans} onAddToCart={onAddToCart} />
    </Suspense>
  );
}
