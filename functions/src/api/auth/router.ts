import { Router } from 'express';

/** /api/auth/* wraps the Identity Toolkit REST API (issue: member accounts). */
export function authRouter() {
  return Router();
}
