import { z } from 'zod';
import { textSchema } from './common';

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

/** The list fields of /api/products/simple. */
export interface ProductSummary {
  productId: string;
  name: string;
  imgSrc: string;
  listPrice: number;
  salePrice: number;
  isNew: boolean;
  isOnSale: boolean;
}

/**
 * An open group-buy plan that includes a book, as shown on the book page
 * (GET /api/products/detail/{productId}/plans). closingDate is an ISO 8601 instant.
 */
export interface ProductPlanOffer {
  planId: string;
  title: string;
  organizer: string;
  groupPrice: number;
  closingDate: string;
}
