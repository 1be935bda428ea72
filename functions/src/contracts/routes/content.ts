import { homeContentSchema, inquiryCreatedSchema, inquiryInputSchema, publicSettingsSchema, subscriptionInputSchema, subscriptionResultSchema, UNSUBSCRIBE_ERRORS, unsubscribeInputSchema, unsubscribeResultSchema } from '../content';
import { CATALOGUE, created, K, MINUTE, ok, routesOf, type RouteDecl } from './declare';

// Content, inquiries from the contact form and the newsletter (api/content/router.ts). Part of ROUTES (../routes.ts).

const UNSUBSCRIBE_KEYS = [UNSUBSCRIBE_ERRORS.invalid, UNSUBSCRIBE_ERRORS.expired, UNSUBSCRIBE_ERRORS.used];

/** The public content routes (tag Content). */
const contentRoute = routesOf({ tag: 'Content', access: 'public' });

export const CONTENT_ROUTES = {
  getContentSettings: contentRoute('get', '/api/content/settings', { responses: ok('The settings', publicSettingsSchema), cache: CATALOGUE },
    "The shop's public settings (content pages)", 'The same settings as `/api/settings/shop`, for the contact and information pages.'),
  getHomeContent: contentRoute('get', '/api/content/home', { responses: ok('The home content', homeContentSchema), cache: CATALOGUE },
    'The home page: campaigns open now', 'The launched group-buy campaigns whose closing date is in the future.'),
  createInquiry: contentRoute('post', '/api/inquiries', {
    // Enough for a person, too few for a spammer; refused input costs nothing and never locks a visitor out.
    limits: [{ name: 'inquiries', windowMs: 10 * MINUTE, limit: 8 }],
    limitValidOnly: true,
    body: inquiryInputSchema,
    responses: created('The inquiry was stored', inquiryCreatedSchema),
    errors: { 429: [K.tooManyAttempts] },
  }, 'Send an inquiry',
    "The contact, business and closed-campaign forms. Markup is refused, never stripped; rate-limited per address. Stored with two mails: the inquiry to the shop's address and an acknowledgement (which repeats none of the customer's words) to the customer."),
  subscribeNewsletter: contentRoute('post', '/api/subscriptions', {
    limits: [{ name: 'newsletter', windowMs: 10 * MINUTE, limit: 10 }],
    limitValidOnly: true,
    body: subscriptionInputSchema,
    responses: {
      200: { description: 'Subscribed (now or before)', schema: subscriptionResultSchema },
    },
    errors: { 429: [K.tooManyAttempts] },
  }, 'Subscribe to the newsletter',
    'Subscribes an email: a new one gets a welcome mail, a known one nothing more; both answer 200 alike, so the answer does not tell who subscribed. Rate-limited per address.'),
  unsubscribeNewsletter: contentRoute('post', '/api/subscriptions/cancel', { body: unsubscribeInputSchema, responses: ok('Unsubscribed', unsubscribeResultSchema), errors: { 400: UNSUBSCRIBE_KEYS } },
    'Unsubscribe by the signed link of a newsletter mail', 'The token of the link in every newsletter mail. A bad, expired or used link answers 400 with its own key.'),
  unsubscribeNewsletterOneClick: contentRoute('post', '/api/subscriptions/one-click', { query: unsubscribeInputSchema, responses: ok('Unsubscribed', unsubscribeResultSchema), errors: { 400: UNSUBSCRIBE_KEYS }, ignoresBody: true },
    'One-click unsubscribe from a mail client (RFC 8058)', 'The `List-Unsubscribe` address of every newsletter mail, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The mail client posts the form body `List-Unsubscribe=One-Click`, which is accepted and ignored (this route alone takes a non-JSON body); the signed token in the query decides. Answers as `/api/subscriptions/cancel`.'),
} as const satisfies Record<string, RouteDecl>;
