import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_KEYS } from '../../contracts/errors';
import type { StockAlertAnswer } from '../../contracts/stock-alerts';
import { escapeHtml as esc } from '../../contracts/html';
import { getProductDocs } from '../../data/products';
import { shopSettings } from '../../data/settings';
import { getStockCounts } from '../../data/stock';
import { cancelAlert, countWaitingAlerts, listWaitingAlertIds, putWaitingAlert, spendAlert } from '../../data/stock-alerts';
import { conflict, invalid, notFound } from '../../lib/failure';
import { logger } from '../../lib/logger';
import { siteUrl } from '../../lib/site-url';
import { linkSecret } from '../../lib/link-secret';

// 到貨通知: one alert per email and book (functions/src/data/stock-alerts.ts keeps them). The owner's
// restock (api/admin/catalogue-service.ts, api/stock/service.ts) calls notifyRestocked after its stock
// write; each waiting alert then gets one mail, written in the same transaction that marks it sent.

export const alertId = (productId: string, email: string) => `${productId}__${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

/** The same secret as the newsletter's links (UNSUBSCRIBE_SECRET), with its own purpose prefix. */
const secret = linkSecret;
const mac = (id: string) => createHmac('sha256', secret()).update(`stock-alert:${id}`).digest('base64url');

export const signAlertToken = (id: string) => `${Buffer.from(id).toString('base64url')}.${mac(id)}`;

function verifyAlertToken(token: string): string {
  const m = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const badLink = () => invalid('The link is not valid', [{ path: 'body.token', message: '連結無效或已失效' }]);
  if (!m) throw badLink();
  const id = Buffer.from(m[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = Buffer.from(mac(id), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badLink();
  return id;
}

/** POST /api/stockAlerts: only for a launched book that is sold out; the same email again changes nothing. */
export async function createStockAlert(productId: string, email: string, now = new Date()): Promise<{ created: boolean; alert: StockAlertAnswer }> {
  const normalized = email.trim().toLowerCase();
  const [products, stock] = await Promise.all([getProductDocs([productId]), getStockCounts([productId])]);
  if (products.get(productId)?.launched !== true) throw notFound(`No product ${productId}`);
  if ((stock.get(productId) ?? 0) > 0) throw conflict(ERROR_KEYS.inStock, `${productId} is in stock`);
  const created = await putWaitingAlert(alertId(productId, normalized), { productId, email: normalized, status: 'waiting', createdAt: now.toISOString() });
  return { created, alert: { productId, status: 'waiting' } };
}

/** POST /api/stockAlerts/cancel */
export async function cancelStockAlert(token: string): Promise<StockAlertAnswer> {
  const a = await cancelAlert(verifyAlertToken(token));
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
        const done = await spendAlert(id, (a) => {
          const link = `${siteUrl()}/bookstore/${encodeURIComponent(productId)}`;
          const cancel = `${siteUrl()}/stockAlert/cancel?token=${encodeURIComponent(signAlertToken(id))}`;
          const text = [`您好：`, `您登記到貨通知的《${name}》已經到貨，歡迎前往訂購：`, link, `不想再收到這類通知？取消到貨通知：${cancel}`, `${settings.shopName} 敬上`].join('\n\n');
          return {
            to: a.email,
            message: {
              subject: `【${settings.shopName}】《${name}》到貨通知`,
              text,
              html: `<div style="font-family:sans-serif;line-height:1.7"><p>您好：</p><p>您登記到貨通知的《${esc(name)}》已經到貨，歡迎<a href="${esc(link)}">前往訂購</a>。</p><p style="font-size:12px;color:#666">不想再收到這類通知？<a href="${esc(cancel)}">取消到貨通知</a></p><p>${esc(settings.shopName)} 敬上</p></div>`,
            },
          };
        });
        if (done) sent++;
      }
    }
  } catch (err) {
    logger.error('stock alerts: notifying after a restock failed', { err: String(err), productIds });
  }
  return sent;
}
