import { Router } from 'express';

/** GET / PATCH /api/member/{uid} (issue: member accounts). */
export function memberRouter() {
  return Router();
}
