import { Router } from 'express';

/** /api/groupBuying and /api/groupOrder (issue: group buying). */
export function groupBuyingRouter() {
  return { plans: Router(), orders: Router() };
}
