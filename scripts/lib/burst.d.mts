// Types of ./burst.mjs for the TypeScript tests that share it.
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';

export interface Buyer {
  uid: string;
  email: string;
  idToken: string;
}
export interface BurstRequest {
  path: (orderId: string) => string;
  body: unknown;
  token?: string;
}
export interface BurstAnswer {
  status: number;
  statusMessage?: string;
  orderNo?: string;
  tries: number;
  ms: number;
  orderId: string;
}
export interface BurstFigures {
  productId: string;
  units: number;
  buyers: number;
  placed: number;
  created201: number;
  outOfStock: number;
  other4xx: number;
  server5xx: number;
  firstTry5xx: number;
  /** First-try 5xx that are neither an emulator proxy's failure nor the shop's 503 (nothing taken): status and body. */
  firstTryUnexpected: { status: number; body: string }[];
  /** First tries the shop answered 503 (Firestore too slow; nothing was taken), retried by the client. */
  firstTryUnavailable: number;
  retried: number;
  ordersStored: number;
  ghosts: number;
  missing: number;
  finalStock: number | undefined;
  oversold: number;
  stockConsistent: boolean;
  wallMs: number;
  p50: number;
  p95: number;
  max: number;
  load: number;
  answers: BurstAnswer[];
}
export function admin(): { db: Firestore; auth: Auth };
export function pool<T, R>(items: T[], size: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]>;
export function createBuyers(count: number, opts?: { prefix?: string }): Promise<Buyer[]>;
export function createFixtureBook(units: number, opts?: { salePrice?: number; name?: string }): Promise<string>;
export function createFixturePlan(productId: string, opts?: { groupPrice?: number }): Promise<string>;
export function shopOrderBody(productId: string, i?: number): Record<string, unknown>;
export function groupOrderBody(productId: string, i: number): Record<string, unknown>;
export function burst(opts: {
  baseUrl: string;
  productId: string;
  units: number;
  requests: BurstRequest[];
  retries?: number;
  timeoutMs?: number;
  onStart?: () => Promise<void>;
}): Promise<BurstFigures>;
export function buyerClient(i: number): Record<string, string>;
export function placeAsBuyer(
  baseUrl: string,
  a: BurstRequest & { orderId: string; client: Record<string, string> },
  opts: { retries: number; timeoutMs: number; onFirstTryCutOff: (answer: { status: number; statusMessage?: string }) => void },
): Promise<BurstAnswer & { body?: string }>;
export function planProgress(planId: string): Promise<{ orders: number; copies: number }>;
