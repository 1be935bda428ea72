import { z } from 'zod';
import { calendarDateSchema, isoInstantSchema, moneySchema, textSchema } from './common';

// The stored book (productSchema) is read leniently: a field an older document holds in another form
// does not hide the book. What the owner writes is checked strictly (ownerProductFields, used by the
// admin contracts): dates, colours and image paths have one form each (issue 24), so a value can
// neither break a page nor point outside the shop.

/** A CSS colour as a hex triplet: #2f5d62 or #25a. */
const hexColourSchema = textSchema.trim().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, '請填寫色碼，例如 #2f5d62');
/** An image of this shop: a path on this site (`/images/...`) ending in an image type, without `..`, a query, a host or a scheme. */
export const shopImagePathSchema = textSchema
  .trim()
  .max(500, '路徑過長')
  // Under /images/, where Hosting serves the shop's pictures (web/public/images): `cover.jpg` or
  // `/cover.jpg` is a broken picture on every page that shows it.
  .regex(/^\/images\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:avif|webp|jpe?g|png|gif|svg)$/i, '請填寫本站圖片的路徑（例如 /images/books/書號/cover.jpg）')
  .refine((v) => !v.includes('..'), '請填寫本站圖片的路徑（例如 /images/books/書號/cover.jpg）');
/** A companion file of this shop: a path under /files/. */
const shopFilePathSchema = textSchema
  .trim()
  .max(500, '路徑過長')
  .regex(/^\/files\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/, '請填寫本站檔案的路徑（例如 /files/書號/勘誤.pdf）')
  .refine((v) => !v.includes('..'), '請填寫本站檔案的路徑');

export const erratumSchema = z.object({
  chapter: textSchema.max(100),
  title: textSchema.max(200),
  content: z.array(textSchema.max(2000)).max(50),
  postDate: textSchema.max(40),
  file: textSchema.max(500).optional(),
});
export type Erratum = z.infer<typeof erratumSchema>;

export const bookIntroductionSchema = z.object({
  primaryColor: textSchema.max(20),
  slogan: textSchema.max(200),
  overview: textSchema.max(5000),
  summary: z.array(textSchema.max(2000)).max(50),
  detail: z.array(textSchema.max(2000)).max(50),
});

const priceSchema = z.number().int('價格必須是整數').min(0, '價格不能是負數').max(1_000_000);

/** A book as stored in products/{productId} and returned by /api/products/detail. */
export const productSchema = z.object({
  productId: textSchema,
  name: textSchema.min(1).max(200),
  subtitle: textSchema.max(200).default(''),
  author: textSchema.max(200).default(''),
  publisher: textSchema.max(200).default(''),
  isbn: textSchema.max(20).default(''),
  publishedAt: textSchema.max(40).default(''),
  pages: z.number().int().min(0).max(100000).default(0),
  format: textSchema.max(100).default(''),
  imgSrc: textSchema.max(500),
  previewImages: z.array(textSchema.max(500)).max(30).default([]),
  listPrice: priceSchema,
  salePrice: priceSchema,
  isNew: z.boolean().default(false),
  launched: z.boolean().default(false),
  sortOrder: z.number().int().default(0),
  content: z.array(textSchema.max(500)).max(30).default([]),
  notice: z.array(textSchema.max(1000)).max(30).default([]),
  bookIntroduction: bookIntroductionSchema,
  erratum: z.array(erratumSchema).max(200).default([]),
});
export type Product = z.infer<typeof productSchema>;

/** The fields of a book the owner writes with their strict forms (functions/src/contracts/admin.ts). */
export const ownerProductFields = {
  publishedAt: z.union([z.literal(''), calendarDateSchema]).default(''),
  /** Empty: no cover yet. */
  imgSrc: z.union([z.literal(''), shopImagePathSchema]),
  previewImages: z.array(shopImagePathSchema).max(30).default([]),
  bookIntroduction: bookIntroductionSchema.extend({ primaryColor: z.union([z.literal(''), hexColourSchema]) }),
  erratum: z.array(erratumSchema.extend({ postDate: calendarDateSchema, file: shopFilePathSchema.optional() })).max(200).default([]),
};

/** A book with every stored field, as the API answers it. */
export const productResponseSchema = productSchema.meta({ id: 'Product', description: 'A book with every stored field' });

/** The list fields of /api/products/simple. */
export const productSummarySchema = z
  .object({
    productId: textSchema,
    name: textSchema,
    imgSrc: textSchema,
    listPrice: moneySchema,
    salePrice: moneySchema,
    isNew: z.boolean(),
    isOnSale: z.boolean(),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * An open group-buy plan that includes a book, as shown on the book page
 * (GET /api/products/detail/{productId}/plans).
 */
export const productPlanOfferSchema = z
  .object({ planId: textSchema, title: textSchema, organizer: textSchema, groupPrice: moneySchema, closingDate: isoInstantSchema })
  .meta({ id: 'ProductPlanOffer' });
export type ProductPlanOffer = z.infer<typeof productPlanOfferSchema>;
