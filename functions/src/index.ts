/* eslint-disable @typescript-eslint/no-require-imports */
import { MAIL, ORDERS } from './data/collections';
import { lineChannelSecret, smtpConnectionUri, unsubscribeSecret } from './params';
import type { Express } from 'express';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/firestore';
import { onRequest } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';


let app: Express | undefined;

/**
 * Runs a scheduled job and logs one line when it ends, `job finished` or `job failed` with its name and
 * outcome: the "job did not run" alerts of docs/operations.md count these lines.
 */
async function job(name: string, run: () => Promise<Record<string, unknown>>): Promise<void> {
  const { logger, withLogFields } = require('./lib/logger') as typeof import('./lib/logger');
  const start = Date.now();
  await withLogFields({ job: name }, async () => {
    try {
      logger.info('job finished', { job: name, ms: Date.now() - start, ...(await run()) });
    } catch (err) {
      logger.error('job failed', { job: name, ms: Date.now() - start, error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  });
}

/** The whole API: one Express app behind Hosting's `/api/**` rewrite. Built on the first request. */
// Instances (docs/deploy.md "Running costs" has their monthly cost, docs/orders.md "Launch day" the load):
// one warm instance of each public function, so the first visitor after a quiet night or a deploy meets
// no cold start (20 visitors to a cold book page on the emulator all timed out); 1 vCPU, as concurrency
// above 1 needs; the API waits on Firestore most of the time, so 80 requests share an instance, while the
// renderer spends its time on the CPU and scales out sooner, at 40.
export const api = onRequest({ region: 'asia-east1', memory: '512MiB', cpu: 1, concurrency: 80, minInstances: 1, maxInstances: 20, secrets: [unsubscribeSecret, lineChannelSecret] }, (req, res) => {
  app ??= (require('./app') as typeof import('./app')).createApp();
  app(req, res);
});

/** Cancels orders unpaid past their deadline and returns their stock; the core loads only when it runs. */
export const sweepUnpaidOrders = onSchedule({ schedule: 'every 30 minutes', region: 'asia-east1', timeZone: 'Asia/Taipei' }, async () => {
  const { sweepUnpaidOrders: sweep } = require('./api/orders/order-status') as typeof import('./api/orders/order-status');
  await job('sweepUnpaidOrders', async () => ({ cancelled: (await sweep(new Date())).cancelled.length }));
});

/** Judges group-buy plans that have closed (threshold met or not) without cancelling any order. */
export const closeGroupBuyingPlans = onSchedule({ schedule: 'every 15 minutes', region: 'asia-east1', timeZone: 'Asia/Taipei' }, async () => {
  const { closeDuePlans } = require('./api/group-buying/close-plans') as typeof import('./api/group-buying/close-plans');
  await job('closeGroupBuyingPlans', async () => ({ judged: (await closeDuePlans(new Date())).length }));
});

/** 「截止前提醒我」: mails each sign-up once, 24 h before its campaign closes (functions/src/api/close-reminders/service.ts). */
export const sendCloseReminders = onSchedule({ schedule: 'every 15 minutes', region: 'asia-east1', timeZone: 'Asia/Taipei' }, async () => {
  const { sendCloseReminders: send } = require('./api/close-reminders/service') as typeof import('./api/close-reminders/service');
  await job('sendCloseReminders', async () => ({ ...(await send(new Date())) }));
});

/**
 * Mails the payment reminder a day before an unpaid order would be cancelled (once per order, never to
 * an address that unsubscribed), and releases the orders of pay-after-成團 campaigns that have formed
 * and still wait (the placements release them; this is the backstop): docs/group-buying.md.
 */
export const remindUnpaidOrders = onSchedule({ schedule: 'every 30 minutes', region: 'asia-east1', timeZone: 'Asia/Taipei' }, async () => {
  const { remindUnpaidOrders: remind } = require('./api/orders/payment-reminders') as typeof import('./api/orders/payment-reminders');
  const { releaseFormedPlans } = require('./api/group-buying/pay-after') as typeof import('./api/group-buying/pay-after');
  await job('remindUnpaidOrders', async () => {
    const released = await releaseFormedPlans(new Date());
    const r = await remind(new Date());
    return { reminded: r.reminded.length, unsubscribed: r.unsubscribed, releasedOrders: released.released };
  });
});

/**
 * Backstop of the stock allocator: drains requests whose requesters died before anyone drained them
 * (any later order drains them too; this bounds the wait when none comes).
 */
export const drainStockQueue = onSchedule({ schedule: 'every 1 minutes', region: 'asia-east1', timeZone: 'Asia/Taipei' }, async () => {
  const { drainAllocations } = require('./allocator/stock-allocator') as typeof import('./allocator/stock-allocator');
  await job('drainStockQueue', drainAllocations);
});

/**
 * Sends each new document of `mail` (the Trigger Email extension's shape) over SMTP and records
 * `delivery` on it; claims the document first, so a redelivered event sends nothing twice
 * (functions/src/mail/send-mail.ts). Never retried by the platform: failed sends are retried inside.
 * With MAIL_PER_MINUTE set it waits up to 240 s for a sending slot (functions/src/mail/pacing.ts).
 */
export const sendMail = onDocumentCreated(
  { document: `${MAIL}/{mailId}`, region: 'asia-east1', secrets: [smtpConnectionUri], timeoutSeconds: 300 },
  async (event) => {
    const { onMailCreated } = require('./mail/mail-trigger') as typeof import('./mail/mail-trigger');
    await onMailCreated(event.params.mailId);
  },
);

/**
 * Sends the mails left PENDING for want of a sending slot (their trigger stopped waiting) and those of
 * an instance that died mid-send: docs/mail.md, "Pacing".
 */
export const drainMailQueue = onSchedule(
  { schedule: 'every 1 minutes', region: 'asia-east1', timeZone: 'Asia/Taipei', secrets: [smtpConnectionUri], timeoutSeconds: 120 },
  async () => {
    const { drainMailQueue: drain } = require('./mail/mail-trigger') as typeof import('./mail/mail-trigger');
    await job('drainMailQueue', async () => ({ ...(await drain()) }));
  },
);

/**
 * Keeps the dashboard's running totals (functions/src/stats/order-stats.ts, stored by functions/src/data/stats.ts): each write of an order
 * adds its before/after difference, once per event. Off the order path: placing and status changes
 * never wait for it. Retried by the platform on failure; the event's marker makes a retry harmless.
 */
export const orderStats = onDocumentWritten({ document: `${ORDERS}/{orderId}`, region: 'asia-east1', retry: true }, async (event) => {
  const { applyOrderWrite } = require('./data/stats') as typeof import('./data/stats');
  const { notifyShopOfNewOrder } = require('./api/orders/shop-notice') as typeof import('./api/orders/shop-notice');
  const before = event.data?.before.data();
  const after = event.data?.after.data();
  // The shop's notice of a new order rides on this event rather than a trigger of its own: one
  // invocation per order write, not two. Both tasks are idempotent, so the platform's retry is safe.
  await Promise.all([applyOrderWrite(event.id, before, after, new Date(event.time)), notifyShopOfNewOrder(event.params.orderId, before, after)]);
});

/**
 * The shop's daily digest of yesterday's orders, when the owner chose it on /admin/settings
 * (functions/src/api/orders/shop-notice.ts); otherwise each order gets its own notice (orderStats above).
 */
export const orderDigest = onSchedule({ schedule: 'every day 08:00', region: 'asia-east1', timeZone: 'Asia/Taipei' }, async () => {
  const { sendOrderDigest } = require('./api/orders/shop-notice') as typeof import('./api/orders/shop-notice');
  await job('orderDigest', async () => ({ ...(await sendOrderDigest(new Date())) }));
});

let ssrHandler: typeof import('./ssr/handler').handleSsr | undefined;

/**
 * The first HTML of the public storefront pages (Hosting rewrites them here), cached by Hosting's CDN.
 * Its own function so the API's instances never load React, and its cold start loads only the renderer
 * and the catalogue's data modules.
 */
export const ssr = onRequest({ region: 'asia-east1', memory: '512MiB', cpu: 1, concurrency: 40, minInstances: 1, maxInstances: 20 }, (req, res) => {
  ssrHandler ??= (require('./ssr/handler') as typeof import('./ssr/handler')).handleSsr;
  void ssrHandler(req, res);
});
