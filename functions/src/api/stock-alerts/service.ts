import { ERROR_KEYS } from '../../contracts/errors';
import type { StockAlertAnswer } from '../../contracts/stock-alerts';
import { getProductDocs } from '../../data/products';
import { shopSettings } from '../../data/settings';
import { getStockCounts } from '../../data/stock';
import { cancelAlert, countWaitingAlerts, listWaitingAlertIds, putWaitingAlert, spendAlert } from '../../data/stock-alerts';
import { conflict, notFound } from '../../lib/failure';
import { logger } from '../../lib/logger';
import { cancelBySignUpToken, newSignUpNonce, signSignUpToken, signUpId } from '../../lib/sign-up-token';
import { alertConfirmationMail, restockMail } from './mail';

// 到貨通知: one alert per email and book (functions/src/data/stock-alerts.ts keeps them). The owner's
// restock (api/products/owner-service.ts, api/stock/service.ts) calls notifyRestocked after its stock
// write; each waiting alert then gets one mail, written in the same transaction that marks it sent.

export const alertId = (productId: string, email: string) => signUpId(productId, email);

/** How long a cancel link works, from the mail that carries it. */
export const CANCEL_LINK_DAYS = 180;
const DAY_MS = 86_400_000;

/** The cancel link's token, bound to this registration (nonce) until it expires (lib/sign-up-token.ts). */
export const signAlertToken = (id: string, nonce: string, expiresAt: Date): string => signSignUpToken('stock-alert', id, nonce, expiresAt);

/**
 * POST /api/stockAlerts: only for a launched book that is sold out. A new registration writes the
 * alert and its confirmation mail (with the cancel link) in one transaction; the same email again
 * changes nothing and sends nothing. Both are answered alike, so the answer never tells whether an
 * address had registered (issue 24).
 */
export async function createStockAlert(productId: string, email: string, now = new Date()): Promise<StockAlertAnswer> {
  const normalized = email.trim().toLowerCase();
  const [products, stock, settings] = await Promise.all([getProductDocs([productId]), getStockCounts([productId]), shopSettings()]);
  const product = products.get(productId);
  if (product?.launched !== true) throw notFound(`No product ${productId}`);
  if ((stock.get(productId) ?? 0) > 0) throw conflict(ERROR_KEYS.inStock, `${productId} is in stock`);
  const id = alertId(productId, normalized);
  const nonce = newSignUpNonce();
  const linkExpiresAt = new Date(now.getTime() + CANCEL_LINK_DAYS * DAY_MS);
  const book = { productId, name: String(product.name ?? productId) };
  await putWaitingAlert(id, { productId, email: normalized, status: 'waiting', createdAt: now.toISOString(), nonce }, () =>
    alertConfirmationMail(normalized, book, settings, signAlertToken(id, nonce, linkExpiresAt), linkExpiresAt.toISOString()),
  );
  return { productId, status: 'waiting' };
}

/** POST /api/stockAlerts/cancel: the registration the link was made for, while the link lasts. */
export async function cancelStockAlert(token: string, now = new Date()): Promise<StockAlertAnswer> {
  const a = await cancelBySignUpToken('stock-alert', token, now, '連結已過期；若仍想取消，請聯絡我們', cancelAlert, 'No such alert');
  return { productId: a.productId, status: a.status };
}

/** Waiting alerts per book (the owner's product list). */
export const waitingAlertCounts = (productIds: readonly string[]): Promise<Map<string, number>> => countWaitingAlerts(productIds);

/**
 * After a restock of these books (their count went from 0 to above 0): one mail per waiting alert,
 * each alert spent in the transaction that writes its mail. Never throws: the restock has happened;
 * a failure is logged and the alerts stay waiting for the next restock.
 */
export async function notifyRestocked(productIds: readonly string[]): Promise<number> {
  let sent = 0;
  if (!productIds.length) return 0;
  try {
    const settings = await shopSettings();
    const products = await getProductDocs(productIds);
    for (const productId of productIds) {
      const name = String(products.get(productId)?.name ?? productId);
      for (const id of await listWaitingAlertIds(productId)) {
        const done = await spendAlert(id, (a) =>
          restockMail(a.email, { productId, name }, settings, signAlertToken(id, a.nonce ?? '-', new Date(Date.now() + CANCEL_LINK_DAYS * DAY_MS))),
        );
        if (done) sent++;
      }
    }
  } catch (err) {
    logger.error('stock alerts: notifying after a restock failed', { err: String(err), productIds });
  }
  return sent;
}
