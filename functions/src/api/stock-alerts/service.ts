import { createHash, randomBytes } from 'node:crypto';
import { ERROR_KEYS } from '../../contracts/errors';
import type { StockAlertAnswer } from '../../contracts/stock-alerts';
import { getProductDocs } from '../../data/products';
import { shopSettings } from '../../data/settings';
import { getStockCounts } from '../../data/stock';
import { cancelAlert, countWaitingAlerts, listWaitingAlertIds, putWaitingAlert, spendAlert } from '../../data/stock-alerts';
import { conflict, invalid, notFound } from '../../lib/failure';
import { logger } from '../../lib/logger';
import { signLink, verifyLink } from '../../lib/signer';
import { alertConfirmationMail, restockMail } from './mail';

// 到貨通知: one alert per email and book (functions/src/data/stock-alerts.ts keeps them). The owner's
// restock (api/products/catalogue-service.ts, api/stock/service.ts) calls notifyRestocked after its stock
// write; each waiting alert then gets one mail, written in the same transaction that marks it sent.

export const alertId = (productId: string, email: string) => `${productId}__${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

/** How long a cancel link works, from the mail that carries it. */
export const CANCEL_LINK_DAYS = 180;
const DAY_MS = 86_400_000;

/**
 * The cancel link's token: the alert's id, the registration's random nonce and the link's expiry
 * (seconds), signed together. A link cancels only the registration its mail was sent for (an old
 * mail's link does nothing to a later registration of the same email and book) and only until it
 * expires (issue 24).
 */
export function signAlertToken(id: string, nonce: string, expiresAt: Date): string {
  const payload = `${id}.${nonce}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${signLink('stock-alert', payload)}`;
}

function verifyAlertToken(token: string, now: Date): { id: string; nonce: string } {
  const m = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const badLink = (message = '連結無效或已失效') => invalid('The link is not valid', [{ path: 'body.token', message }]);
  if (!m) throw badLink();
  const payload = Buffer.from(m[1]!, 'base64url').toString('utf8');
  if (!verifyLink('stock-alert', payload, m[2]!)) throw badLink();
  const [id, nonce, exp] = payload.split('.');
  if (!id || !nonce || !/^\d+$/.test(exp ?? '')) throw badLink();
  if (Number(exp) * 1000 <= now.getTime()) throw badLink('連結已過期；若仍想取消，請聯絡我們');
  return { id, nonce };
}

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
  const nonce = randomBytes(12).toString('base64url');
  const linkExpiresAt = new Date(now.getTime() + CANCEL_LINK_DAYS * DAY_MS);
  const book = { productId, name: String(product.name ?? productId) };
  await putWaitingAlert(id, { productId, email: normalized, status: 'waiting', createdAt: now.toISOString(), nonce }, () =>
    alertConfirmationMail(normalized, book, settings, signAlertToken(id, nonce, linkExpiresAt), linkExpiresAt.toISOString()),
  );
  return { productId, status: 'waiting' };
}

/** POST /api/stockAlerts/cancel: the registration the link was made for, while the link lasts. */
export async function cancelStockAlert(token: string, now = new Date()): Promise<StockAlertAnswer> {
  const { id, nonce } = verifyAlertToken(token, now);
  const a = await cancelAlert(id, nonce);
  if (!a) throw notFound('No such alert');
  return { productId: a.productId, status: a.status === 'waiting' ? 'cancelled' : a.status };
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
