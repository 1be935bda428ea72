import type { GroupPlanView } from '@contracts/group-buying';
import type { Product } from '@contracts/products';
import type { BookFiles } from '@contracts/storefront';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { SHOP } from '@/config/shop';
import { q } from '@/lib/data/queries';

// What a link to a page previews as: title, description, canonical URL, Open Graph and Twitter tags
// and schema.org JSON-LD. The `ssr` function writes it into the first HTML (crawlers and chat apps run
// no JavaScript); paths here are made absolute with the site's URL there (renderHead).

export interface ShareImage {
  path: string;
  width?: number;
  height?: number;
  alt: string;
}

export interface Head {
  /** The page's own title; the shop's name is added. Empty for the home page. */
  title: string;
  description: string;
  /** The canonical path, e.g. /bookstore/company-registration-guide */
  path: string;
  type: 'website' | 'product' | 'book';
  image: ShareImage;
  /** schema.org objects; `@context` is added. Paths starting with / are made absolute. */
  jsonLd: Record<string, unknown>[];
  /** A page for one visitor's own business (login, sign-up, order lookup): rendered, but not for search engines. */
  noindex?: boolean;
}

export type HeadHandle = (params: Params) => Head | null;

export const SITE_DESCRIPTION = '青嶼書房：青嶼出版直營的線上書店，公司登記、營業稅、會計與契約實務書，匯款付款、郵寄到府，並提供公會與社團團購。';
const DEFAULT_IMAGE: ShareImage = { path: '/images/other/og-image.png', width: 1200, height: 630, alt: '青嶼書房：實務工作者的專業書房' };

export const documentTitle = (title: string) => (title ? `${title}｜${SHOP.name}` : `${SHOP.name}｜專業實務書與團購`);

/** A description fits a preview card: one line of plain text, about 120 characters. */
const clip = (text: string, n = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return [...flat].length > n ? `${[...flat].slice(0, n - 1).join('')}…` : flat;
};

/** The 1200×630 card scripts/share-images.mjs makes beside a seeded cover or banner; else the image itself. */
export function shareImageFor(src: string, alt: string): ShareImage {
  const book = /^\/images\/books\/([\w-]+)\/cover\.jpg$/.exec(src);
  if (book) return { path: `/images/books/${book[1]}/share.jpg`, width: 1200, height: 630, alt };
  const banner = /^\/images\/banner\/([\w-]+)-pc\.jpg$/.exec(src);
  if (banner) return { path: `/images/banner/${banner[1]}-share.jpg`, width: 1200, height: 630, alt };
  return src ? { path: src, alt } : DEFAULT_IMAGE;
}

export const organization = () => ({
  '@type': 'Organization',
  '@id': '/#organization',
  name: SHOP.name,
  legalName: SHOP.company,
  url: '/',
  logo: '/images/other/logo.svg',
  telephone: '+886-6-234-5678',
  email: SHOP.email,
  address: { '@type': 'PostalAddress', streetAddress: SHOP.address, addressCountry: 'TW' },
  sameAs: SHOP.social.map((s) => s.url),
});

const availability = (qty: number | undefined) => `https://schema.org/${qty === undefined || qty > 0 ? 'InStock' : 'OutOfStock'}`;

export function bookJsonLd(p: Product, stock: number | undefined, image: string) {
  return {
    '@type': ['Book', 'Product'],
    '@id': `/bookstore/${p.productId}#book`,
    name: p.name,
    ...(p.subtitle ? { alternateName: p.subtitle } : {}),
    description: clip(p.bookIntroduction.overview || p.content.join('，'), 300),
    image,
    sku: p.productId,
    ...(p.isbn ? { isbn: p.isbn, gtin13: p.isbn.replace(/\D/g, '') } : {}),
    ...(p.author ? { author: { '@type': 'Person', name: p.author } } : {}),
    ...(p.publisher ? { publisher: { '@type': 'Organization', name: p.publisher } } : {}),
    ...(p.pages ? { numberOfPages: p.pages } : {}),
    ...(p.publishedAt ? { datePublished: p.publishedAt.slice(0, 10) } : {}),
    inLanguage: 'zh-Hant-TW',
    brand: { '@type': 'Brand', name: p.publisher || SHOP.name },
    offers: {
      '@type': 'Offer',
      url: `/bookstore/${p.productId}`,
      price: p.salePrice,
      priceCurrency: 'TWD',
      availability: availability(stock),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@id': '/#organization' },
    },
  };
}

export function planJsonLd(plan: GroupPlanView, path: string) {
  return {
    '@type': 'ItemList',
    name: `【${plan.title}】`,
    url: path,
    itemListElement: plan.products.map((b, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': ['Book', 'Product'],
        name: b.name,
        image: b.imgSrc,
        url: `/bookstore/${b.productId}`,
        ...(b.author ? { author: { '@type': 'Person', name: b.author } } : {}),
        offers: {
          '@type': 'Offer',
          url: path,
          price: b.groupPrice,
          priceCurrency: 'TWD',
          priceValidUntil: plan.closingDate.slice(0, 10),
          availability: plan.isOpen ? availability(b.stock) : 'https://schema.org/Discontinued',
          seller: { '@id': '/#organization' },
        },
      },
    })),
  };
}

/** The routes' head handles, reading what their loaders put in the query cache. */
export function headFor(qc: QueryClient) {
  const site = (title: string, path: string, description = SITE_DESCRIPTION): Head => ({
    title,
    description,
    path,
    type: 'website',
    image: DEFAULT_IMAGE,
    jsonLd: [organization()],
  });
  return {
    home: (() => site('', '/')) satisfies HeadHandle,
    bookList: (() => {
      const books = qc.getQueryData(q.productSummaries().queryKey) ?? [];
      const head = site('訂購書籍', '/bookstore', '青嶼出版的公司登記、營業稅、會計與契約實務書，線上訂購，郵寄到府。');
      head.jsonLd.push({
        '@type': 'ItemList',
        name: '訂購書籍',
        itemListElement: books.map((b, i) => ({ '@type': 'ListItem', position: i + 1, url: `/bookstore/${b.productId}`, name: b.name })),
      });
      return head;
    }) satisfies HeadHandle,
    book: ((params) => {
      const id = params.productId ?? '';
      const p = qc.getQueryData(q.product(id).queryKey);
      if (!p) return null;
      const stock = qc.getQueryData(q.stock(id).queryKey);
      const image = shareImageFor(p.imgSrc, `《${p.name}》封面`);
      return {
        title: p.name,
        description: clip(`${p.subtitle ? `${p.subtitle}。` : ''}${p.bookIntroduction.overview || p.content.join('，')}`),
        path: `/bookstore/${id}`,
        type: 'product',
        image,
        jsonLd: [organization(), bookJsonLd(p, stock, p.imgSrc)],
      };
    }) satisfies HeadHandle,
    plan: (fixed?: string): HeadHandle => (params) => {
      const id = fixed ?? params.planId ?? '';
      const plan = qc.getQueryData(q.plan(id).queryKey);
      if (!plan) return null;
      const path = fixed ? `/ezbuy/${fixed}` : `/ezbuy/${id}`;
      return {
        title: `【${plan.title}】`,
        description: clip(`${plan.organizer}團購，優惠期間至 ${plan.closingDate.slice(0, 10)}。${plan.content.join('')}`),
        path,
        type: 'website',
        image: shareImageFor(plan.bannerImg.pc, `${plan.organizer}團購活動橫幅`),
        jsonLd: [organization(), planJsonLd(plan, path)],
      };
    },
    bookFiles: ((params) => {
      const book = qc.getQueryData(q.filesManifest().queryKey)?.books.find((b: BookFiles) => b.book === params.book);
      return book ? site(`${book.title} 檔案下載`, `/file/${book.book}`, clip(`《${book.title}》的 ${book.files.length} 個附件：${book.description}`)) : null;
    }) satisfies HeadHandle,
    static: (title: string, path: string): HeadHandle => () => site(title, path),
    /** The login, sign-up and order lookup pages: an empty form in the first HTML, kept out of search results. */
    private: (title: string, path: string): HeadHandle => () => ({ ...site(title, path), jsonLd: [], noindex: true }),
  };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script>: `<` escaped so that no string can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Absolute URLs for every root-relative path in a JSON-LD tree. */
function absolutize(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.startsWith('/') ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((v) => absolutize(v, origin));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutize(v, origin)]));
  return value;
}

/** The <head> tags of a page, with absolute URLs on `origin` (the configured site URL). */
export function renderHead(head: Head, origin: string): string {
  const abs = (p: string) => (p.startsWith('/') ? `${origin}${p}` : p);
  const title = documentTitle(head.title);
  const url = abs(head.path);
  const image = abs(head.image.path);
  // Open Graph tags take `property`, the others `name`; every value is escaped here, once.
  const meta = (key: string, content: string | number) =>
    `<meta ${key.startsWith('og:') ? 'property' : 'name'}="${key}" content="${escapeAttr(String(content))}" />`;
  const tags = [
    `<title>${escapeAttr(title)}</title>`,
    meta('description', head.description),
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    meta('og:type', head.type === 'website' ? 'website' : head.type === 'book' ? 'book' : 'product'),
    meta('og:site_name', SHOP.name),
    meta('og:locale', 'zh_TW'),
    meta('og:url', url),
    meta('og:title', title),
    meta('og:description', head.description),
    meta('og:image', image),
    ...(head.image.width ? [meta('og:image:width', head.image.width), meta('og:image:height', head.image.height ?? '')] : []),
    meta('og:image:alt', head.image.alt),
    meta('twitter:card', 'summary_large_image'),
    meta('twitter:title', title),
    meta('twitter:description', head.description),
    meta('twitter:image', image),
    meta('twitter:image:alt', head.image.alt),
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (head.jsonLd.length) {
    const graph = { '@context': 'https://schema.org', '@graph': absolutize(head.jsonLd, origin) };
    tags.push(`<script type="application/ld+json">${scriptJson(graph)}</script>`);
  }
  return tags.join('\n    ');
}
