import { Router } from 'express';
import {
  inquiryInputSchema,
  subscriptionInputSchema,
  unsubscribeInputSchema,
} from '../../contracts/content';
import { publicSettings } from '../settings/public-settings';
import { clientOf, rateLimit } from '../../http/middleware/rate-limit';
import { validate, validated } from '../../http/middleware/validate';
import { homeContent } from './open-campaigns';
import { submitInquiry, subscribeNewsletter, unsubscribeNewsletter } from './service';

/** Public content answers are cached briefly by browsers and longer by Hosting's CDN. */
export const CONTENT_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** Accepted submissions per client address and window. */
export interface LimitOptions {
  limit: number;
  windowMs: number;
}

/** Inquiries per client address: enough for a person, too few for a spammer. */
export const INQUIRY_LIMIT: LimitOptions = { limit: 8, windowMs: 10 * 60_000 };
/** Newsletter sign-ups per client address. */
export const SUBSCRIPTION_LIMIT: LimitOptions = { limit: 10, windowMs: 10 * 60_000 };

const inquiry = { body: inquiryInputSchema };
const subscription = { body: subscriptionInputSchema };
const unsubscribe = { body: unsubscribeInputSchema };

export interface ContentRouterOptions {
  inquiryLimit?: LimitOptions;
  subscriptionLimit?: LimitOptions;
}

/**
 * The public pages' reads, inquiries and newsletter subscriptions. The submissions are limited per
 * client address after validation: refused input costs nothing and never locks a visitor out.
 */
export function contentRouter(options: ContentRouterOptions = {}) {
  const r = Router();

  r.get('/content/settings', async (_req, res) => {
    res.set('Cache-Control', CONTENT_CACHE_CONTROL).json(await publicSettings());
  });

  r.get('/content/home', async (_req, res) => {
    res.set('Cache-Control', CONTENT_CACHE_CONTROL).json(await homeContent());
  });

  r.post('/inquiries', validate(inquiry), rateLimit({ name: 'inquiries', ...(options.inquiryLimit ?? INQUIRY_LIMIT) }), async (req, res) => {
    const input = validated(req, inquiry).body;
    const created = await submitInquiry(input, { ip: clientOf(req), userAgent: req.get('user-agent') ?? null });
    res.status(201).json(created);
  });

  r.post('/subscriptions', validate(subscription), rateLimit({ name: 'newsletter', ...(options.subscriptionLimit ?? SUBSCRIPTION_LIMIT) }), async (req, res) => {
    res.json(await subscribeNewsletter(validated(req, subscription).body.email));
  });

  r.post('/subscriptions/cancel', validate(unsubscribe), async (req, res) => {
    res.json(await unsubscribeNewsletter(validated(req, unsubscribe).body.token));
  });

  return r;
}

const oneClick = { query: unsubscribeInputSchema };

/**
 * The newsletter's List-Unsubscribe address (functions/src/api/content/mail.ts): a mail client's own
 * unsubscribe button POSTs here with the form body `List-Unsubscribe=One-Click` (RFC 8058). The app's
 * JSON-only body policy would refuse that form with 415, so createApp() mounts this router before it;
 * the body is never read, the signed token in the query is the whole request.
 */
export function oneClickUnsubscribeRouter() {
  const r = Router();
  r.post('/subscriptions/one-click', validate(oneClick), async (req, res) => {
    res.json(await unsubscribeNewsletter(validated(req, oneClick).query.token));
  });
  return r;
}
