import { Router } from 'express';
import {
  inquiryInputSchema,
  subscriptionInputSchema,
  unsubscribeInputSchema,
  type HomeContent,
} from '../../contracts/content';
import { shopSettings } from '../../data/settings';
import { validate, validated } from '../../http/middleware/validate';
import { openCampaigns } from './open-campaigns';
import { INQUIRY_LIMIT, perAddressLimit, SUBSCRIPTION_LIMIT, type LimitOptions } from './rate-limit';
import { submitInquiry, subscribeNewsletter, unsubscribeNewsletter } from './service';

/** Public content answers are cached briefly by browsers and longer by Hosting's CDN. */
export const CONTENT_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

const inquiry = { body: inquiryInputSchema };
const subscription = { body: subscriptionInputSchema };
const unsubscribe = { body: unsubscribeInputSchema };

export interface ContentRouterOptions {
  inquiryLimit?: LimitOptions;
  subscriptionLimit?: LimitOptions;
}

/** The public pages' reads, inquiries and newsletter subscriptions (issue 7). */
export function contentRouter(options: ContentRouterOptions = {}) {
  const r = Router();

  r.get('/content/settings', async (_req, res) => {
    res.set('Cache-Control', CONTENT_CACHE_CONTROL).json(await shopSettings());
  });

  r.get('/content/home', async (_req, res) => {
    const body: HomeContent = { campaigns: await openCampaigns() };
    res.set('Cache-Control', CONTENT_CACHE_CONTROL).json(body);
  });

  r.post('/inquiries', validate(inquiry), perAddressLimit('inquiries', options.inquiryLimit ?? INQUIRY_LIMIT), async (req, res) => {
    const input = validated(req, inquiry).body;
    const created = await submitInquiry(input, { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
    res.status(201).json(created);
  });

  r.post('/subscriptions', validate(subscription), perAddressLimit('newsletter', options.subscriptionLimit ?? SUBSCRIPTION_LIMIT), async (req, res) => {
    const result = await subscribeNewsletter(validated(req, subscription).body.email);
    res.status(result.created ? 201 : 200).json(result);
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
