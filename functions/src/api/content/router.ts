import { Router } from 'express';

/** Inquiries and newsletter subscriptions (issue: the shop's face). */
export function contentRouter() {
  return Router();
}
