import { stockMapResponseSchema, stockMapSchema, stockQtyInputSchema, stockRecordSchema } from '../stock';
import { K, OWNER, productParams, route, STOCK, type RouteDecl } from './declare';

// Stock counts: the public reads and the owner's writes (api/stock/router.ts). Part of ROUTES (../routes.ts).

export const STOCK_ROUTES = {
  listStock: route({
    method: 'get',
    path: '/api/stock',
    tag: 'Stock',
    summary: 'Copies on hand of every book',
    description: '`{productId: qty}` for every book with a stock record.',
    access: 'public',
    responses: { 200: { description: 'The counts', schema: stockMapResponseSchema } },
    cache: STOCK,
  }),
  getStock: route({
    method: 'get',
    path: '/api/stock/{productId}',
    tag: 'Stock',
    summary: 'Copies on hand of one book',
    description: 'The count of one book, or 404 `Stock Not Found`.',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The count', schema: stockRecordSchema } },
    errors: { 404: [K.stockNotFound] },
    cache: STOCK,
  }),
  setStockMany: route({
    method: 'patch',
    path: '/api/stock',
    tag: 'Stock',
    summary: 'Set the counts of several books',
    description: 'The owner sets `{productId: qty}` for 1 to 500 books at once.',
    ...OWNER,
    body: stockMapSchema,
    responses: { 200: { description: 'The counts as written', schema: stockMapResponseSchema } },
    errors: { 404: [K.notFound] },
  }),
  setStockOne: route({
    method: 'patch',
    path: '/api/stock/{productId}',
    tag: 'Stock',
    summary: 'Set the count of one book',
    description: 'The owner sets `{qty}` of one book.',
    ...OWNER,
    params: productParams,
    body: stockQtyInputSchema,
    responses: { 200: { description: 'The count as written', schema: stockRecordSchema } },
    errors: { 404: [K.notFound] },
  }),
} as const satisfies Record<string, RouteDecl>;
