import { ERROR_KEYS } from '@contracts/error-keys';
import type { Product } from '@contracts/products';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { q } from '@/lib/data/queries';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@contracts/format-core';
import { useDocumentMeta } from '@/lib/use-document-title';
import type { AddToCart } from '../types';
import { BookPicture } from '@/components/book-picture';
import { FactRows } from '@/components/fact';
import { Placeholder } from '@/components/page-status';
import { BookTextSkeleton } from './book-skeleton';
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
  return <FactRows rows={rows} className="book-facts" rowClassName="book-facts__row" />;
}

export function BuyBoxSkeleton() {
  return (
    <Placeholder className="buy-box" label="庫存載入中…">
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="skeleton skeleton--button" />
    </Placeholder>
  );
}

function Book({ productId, onAddToCart }: { productId: string; onAddToCart: AddToCart }) {
  const p = useSuspenseQuery(q.product(productId)).data;
  // The loader turned an unknown book into the 404 screen; this is for a book withdrawn since.
  if (!p) throw new ApiError({ statusCode: 404, statusMessage: ERROR_KEYS.notFound, message: `No product ${productId}` });
  const stock = useQuery(q.stock(productId));
  const plans = useQuery(q.productPlans(productId)).data ?? [];
  const intro = p.bookIntroduction;
  useDocumentMeta(p.name, intro.overview ? intro.overview.slice(0, 120) : undefined);
  return (
    <article className="book-page" style={{ '--book-color': intro.primaryColor || 'var(--c-primary)' } as CSSProperties} aria-labelledby="page-title">
      <BookTop p={p} />
      <BookHero p={p} stock={stock} onAddToCart={onAddToCart} />

      <GroupBuyOffers offers={plans} salePrice={p.salePrice} />

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
    <Placeholder className="book-page" label="書籍資料載入中…">
      <div className="book-hero" aria-hidden="true">
        <div className="book-hero__cover">
          <div className="skeleton book-hero__cover-skeleton" />
        </div>
        <BookTextSkeleton className="book-hero__info" title />
      </div>
    </Placeholder>
  );
}

/**
 * The book page. The route's loader has read the book, its stock and its open plans together
 * (router.tsx); an unknown id reaches the error screen as a 404 there, and so does a hidden one except for the owner (the preview).
 * Mount it with key={productId} so that a new book starts afresh.
 */
export function BookDetail({ productId, onAddToCart }: { productId: string; onAddToCart: AddToCart }) {
  return (
    <Suspense fallback={<BookDetailSkeleton />}>
      <Book productId={productId} onAddToCart={onAddToCart} />
    </Suspense>
  );
}

/** Where the book is in the shop, and the owner's note on a hidden book's preview. */
function BookTop({ p }: { p: Product }) {
  return (
    <>
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

    {p.launched !== false ? null : (
      <div className="preview-banner" role="status">
        <strong>未上架預覽</strong>
        <span>
          這本書尚未上架，只有店長看得到這一頁；顧客開啟此網址會看到「查無資料」。
          <Link to={`/admin/products/${encodeURIComponent(p.productId)}`}>回後台編輯或上架</Link>
        </span>
      </div>
    )}
    </>
  );
}

/** The cover, the title, the price and selling points, and the buy box (none on a hidden book's preview). */
function BookHero({ p, stock, onAddToCart }: { p: Product; stock: { isPending: boolean; data?: number | null }; onAddToCart: AddToCart }) {
  const intro = p.bookIntroduction;
  const isOnSale = p.salePrice < p.listPrice;
  return (
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
        {/* A hidden book cannot be ordered: the owner's preview shows no buy box. */}
        {p.launched === false ? null : stock.isPending ? <BuyBoxSkeleton /> : <BuyBox productId={p.productId} name={p.name} stock={stock.data ?? null} onAddToCart={onAddToCart} />}
      </div>
    </div>
  );
}
