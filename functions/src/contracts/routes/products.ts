import { z } from 'zod';
import { productPlanOfferSchema, productResponseSchema, productSummarySchema } from '../products';
import { CATALOGUE, NOT_FOUND, ok, PLAN_OFFERS, productParams, routesOf, type RouteDecl } from './declare';

// The storefront's catalogue: books, their summaries and the campaigns that offer them (api/products/router.ts). Part of ROUTES (../routes.ts).

/** The public catalogue (tag Catalogue). */
const catalogueRoute = routesOf({ tag: 'Catalogue', access: 'public' });

export const PRODUCTS_ROUTES = {
  listProductSummaries: catalogueRoute('get', '/api/products/simple', { responses: ok('The books', z.array(productSummarySchema)), cache: CATALOGUE },
    'Launched books, list fields', 'The launched books in shop order with the fields of a list card. Strong ETag; answers 304 to a matching `If-None-Match`.'),
  listProducts: catalogueRoute('get', '/api/products/detail', { responses: ok('The books', z.array(productResponseSchema)), cache: CATALOGUE },
    'Launched books, every field', 'The launched books in shop order with every stored field. Strong ETag.'),
  getProduct: catalogueRoute('get', '/api/products/detail/{productId}', { params: productParams, responses: ok('The book', productResponseSchema), errors: NOT_FOUND, cache: CATALOGUE },
    'One launched book', 'A launched book with every stored field, or 404 (also for a book not launched). Strong ETag.'),
  listProductPlanOffers: catalogueRoute('get', '/api/products/detail/{productId}/plans', { params: productParams, responses: ok('The open plans (possibly none)', z.array(productPlanOfferSchema)), cache: PLAN_OFFERS },
    'Open group-buy plans that include a book', 'The plans open now that sell this book, with their group price (shown on the book page).'),
} as const satisfies Record<string, RouteDecl>;
