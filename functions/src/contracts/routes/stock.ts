import { stockMapResponseSchema, stockMapSchema, stockQtyInputSchema, stockRecordSchema } from '../stock';
import { K, NOT_FOUND, ok, OWNER, productParams, routesOf, STOCK, type RouteDecl } from './declare';

// Stock counts: the public reads and the owner's writes (api/stock/router.ts). Part of ROUTES (../routes.ts).

/** The public counts, cached as stock is. */
const stockRead = routesOf({ tag: 'Stock', access: 'public', cache: STOCK });

/** The owner's writes of the counts. */
const stockWrite = routesOf({ tag: 'Stock', ...OWNER });

export const STOCK_ROUTES = {
  listStock: stockRead('get', '/api/stock', { responses: ok('The counts', stockMapResponseSchema) },
    'Copies on hand of every book', '`{productId: qty}` for every book with a stock record.'),
  getStock: stockRead('get', '/api/stock/{productId}', { params: productParams, responses: ok('The count', stockRecordSchema), errors: { 404: [K.stockNotFound] } },
    'Copies on hand of one book', 'The count of one book, or 404 `Stock Not Found`.'),
  setStockMany: stockWrite('patch', '/api/stock', { body: stockMapSchema, responses: ok('The counts as written', stockMapResponseSchema), errors: NOT_FOUND },
    'Set the counts of several books', 'The owner sets `{productId: qty}` for 1 to 500 books at once.'),
  setStockOne: stockWrite('patch', '/api/stock/{productId}', { params: productParams, body: stockQtyInputSchema, responses: ok('The count as written', stockRecordSchema), errors: NOT_FOUND },
    'Set the count of one book', 'The owner sets `{qty}` of one book.'),
} as const satisfies Record<string, RouteDecl>;
