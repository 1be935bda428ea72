import { z } from 'zod';
import { productPlanOfferSchema, productResponseSchema, productSummarySchema } from '../products';
import { CATALOGUE, K, PLAN_OFFERS, productParams, route, type RouteDecl } from './declare';

// The storefront's catalogue: books, their summaries and the campaigns that offer them (api/products/router.ts). Part of ROUTES (../routes.ts).

export const PRODUCTS_ROUTES = {
  listProductSummaries: route({
    method: 'get',
    path: '/api/products/simple',
    tag: 'Catalogue',
    summary: 'Launched books, list fields',
    description: 'The launched books in shop order with the fields of a list card. Strong ETag; answers 304 to a matching `If-None-Match`.',
    access: 'public',
    responses: { 200: { description: 'The books', schema: z.array(productSummarySchema) } },
    cache: CATALOGUE,
  }),
  listProducts: route({
    method: 'get',
    path: '/api/products/detail',
    tag: 'Catalogue',
    summary: 'Launched books, every field',
    description: 'The launched books in shop order with every stored field. Strong ETag.',
    access: 'public',
    responses: { 200: { description: 'The books', schema: z.array(productResponseSchema) } },
    cache: CATALOGUE,
  }),
  getProduct: route({
    method: 'get',
    path: '/api/products/detail/{productId}',
    tag: 'Catalogue',
    summary: 'One launched book',
    description: 'A launched book with every stored field, or 404 (also for a book not launched). Strong ETag.',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The book', schema: productResponseSchema } },
    errors: { 404: [K.notFound] },
    cache: CATALOGUE,
  }),
  listProductPlanOffers: route({
    method: 'get',
    path: '/api/products/detail/{productId}/plans',
    tag: 'Catalogue',
    summary: 'Open group-buy plans that include a book',
    description: 'The plans open now that sell this book, with their group price (shown on the book page).',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The open plans (possibly none)', schema: z.array(productPlanOfferSchema) } },
    cache: PLAN_OFFERS,
  }),
} as const satisfies Record<string, RouteDecl>;
