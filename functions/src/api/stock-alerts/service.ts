import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_KEYS } from '../../contracts/errors';
import type { StockAlertAnswer, StockAlertStatus } from '../../contracts/stock-alerts';
import { MAIL } from '../../data/mail';
import { shopSettings } from '../../data/settings';
import { conflict, invalid, notFound } from '../../lib/failure';
import { db } from '../../lib/firebase';
import { logger } from '../../lib/logger';
import { siteUrl } from '../content/service';

// stockAlerts/{productId}__{hash of email}: one alert per email and book (the id makes it so, across
// instances). The owner's restock (api/admin/catalogue-service.ts, api/stock/service.ts) calls
// notifyRestocked after its stock write; each waiting alert then gets one mail, written in the same
// transaction that marks it sent, so two restocks at once still mail once.

export const STOCK_ALERTS = 'stockAlerts';

interface AlertDoc {
  productId: string;
  email: string;
  status: StockAlertStatus;
  createdAt: string;
  sentAt?: string;
}

export const alertId = (productId: string, email: string) => `${productId}__${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

/** The same secret as the newsletter's links (UNSUBSCRIBE_SECRET), with its own purpose prefix. */
function secret(): string {
  const value = process.env.UNSUBSCRIBE_SECRET;
  if (value) return value;
  if (process.env.K_SERVICE && process.env.FUNCTIONS_EMULATOR !== 'true') throw new Error('UNSUBSCRIBE_SECRET is not set');
  return 'dev-only-unsubscribe-secret-not-for-production';
}
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
  const firestore = await db();
  const normalized = email.trim().toLowerCase();
  const [product, stock] = await firestore.getAll(firestore.collection('products').doc(productId), firestore.collection('stock').doc(productId));
  if (!product!.exists || product!.get('launched') !== true) throw notFound(`No product ${productId}`);
  const qty = Number(stock!.get('qty') ?? 0);
  if (qty > 0) throw conflict(ERROR_KEYS.inStock, `${productId} is in stock`);
  const ref = firestore.collection(STOCK_ALERTS).doc(alertId(productId, normalized));
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const old = snap.data() as AlertDoc | undefined;
    if (old?.status === 'waiting') return { created: false, alert: { productId, status: 'waiting' as const } };
    tx.set(ref, { productId, email: normalized, status: 'waiting', createdAt: now.toISOString() } satisfies AlertDoc);
    return { created: true, alert: { productId, status: 'waiting' as const } };
  });
}

/** POST /api/stockAlerts/cancel */
export async function cancelStockAlert(token: string): Promise<StockAlertAnswer> {
  const id = verifyAlertToken(token);
  const firestore = await db();
  const ref = firestore.collection(STOCK_ALERTS).doc(id);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('No such alert');
    const a = snap.data() as AlertDoc;
    if (a.status === 'waiting') tx.update(ref, { status: 'cancelled', cancelledAt: new Date().toISOString() });
    return { productId: a.productId, status: a.status === 'waiting' ? 'cancelled' : a.status };
  });
}

/** Waiting alerts per book (the owner's product list). */
export async function waitingAlertCounts(productIds: readonly string[]): Promise<Map<string, number>> {
  const col = (await db()).collection(STOCK_ALERTS);
  const counts = await Promise.all(productIds.map((id) => col.where('productId', '==', id).where('status', '==', 'waiting').count().get()));
  return new Map(productIds.map((id, i) => [id, counts[i]!.data().count]));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * After a restock of these books (their count went from 0 to above 0): one mail per waiting alert,
 * each alert spent in the transaction that writes its mail. Never throws: the restock has happened;
 * a failure is logged and the alerts stay waiting for the next restock.
 */
export async function notifyRestocked(productIds: readonly string[]): Promise<number> {
  let sent = 0;
  if (!productIds.length) return 0;
  try {
    const firestore = await db();
    const settings = await shopSettings();
    for (const productId of productIds) {
      const product = await firestore.collection('products').doc(productId).get();
      const name = String(product.get('name') ?? productId);
      const waiting = await firestore.collection(STOCK_ALERTS).where('productId', '==', productId).where('status', '==', 'waiting').limit(500).get();
      for (const doc of waiting.docs) {
        const done = await firestore.runTransaction(async (tx) => {
          const snap = await tx.get(doc.ref);
          const a = snap.data() as AlertDoc | undefined;
          if (a?.status !== 'waiting') return false;
          const link = `${siteUrl()}/bookstore/${encodeURIComponent(productId)}`;
          const cancel = `${siteUrl()}/stockAlert/cancel?token=${encodeURIComponent(signAlertToken(doc.id))}`;
          const text = [`您好：`, `您登記到貨通知的《${name}》已經到貨，歡迎前往訂購：`, link, `不想再收到這類通知？取消到貨通知：${cancel}`, `${settings.shopName} 敬上`].join('\n\n');
          tx.create(firestore.collection(MAIL).doc(`stockAlert-${doc.id}-${Date.now()}`), {
            to: a.email,
            message: {
              subject: `【${settings.shopName}】《${name}》到貨通知`,
              text,
              html: `<div style="font-family:sans-serif;line-height:1.7"><p>您好：</p><p>您登記到貨通知的《${esc(name)}》已經到貨，歡迎<a href="${esc(link)}">前往訂購</a>。</p><p style="font-size:12px;color:#666">不想再收到這類通知？<a href="${esc(cancel)}">取消到貨通知</a></p><p>${esc(settings.shopName)} 敬上</p></div>`,
            },
          });
          tx.update(doc.ref, { status: 'sent', sentAt: new Date().toISOString() });
          return true;
        });
        if (done) sent++;
      }
    }
  } catch (err) {
    logger.error('stock alerts: notifying after a restock failed', { err: String(err), productIds });
  }
  return sent;
}
