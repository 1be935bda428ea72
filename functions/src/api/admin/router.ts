import { Router } from 'express';

/** Shop-owner calls under /api/admin (issue: the owner's console). */
export function adminRouter() {
  return Router();
}
