import { Router } from 'express';

/** /api/stock (issue: catalogue and stock). */
export function stockRouter() {
  return Router();
}
