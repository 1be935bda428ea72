import { Router } from 'express';

/** Shop orders under /api/order (issue: cart, checkout and orders). */
export function orderRouter() {
  return Router();
}
