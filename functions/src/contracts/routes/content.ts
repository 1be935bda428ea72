import { homeContentSchema, inquiryCreatedSchema, inquiryInputSchema, publicSettingsSchema, subscriptionInputSchema, subscriptionResultSchema, UNSUBSCRIBE_ERRORS, unsubscribeInputSchema, unsubscribeResultSchema } from '../content';
import { CATALOGUE, K, MINUTE, route, type RouteDecl } from './declare';

// Content, inquiries from the contact form and the newsletter (api/content/router.ts). Part of ROUTES (../routes.ts).

const UNSUBSCRIBE_KEYS = [UNSUBSCRIBE_ERRORS.invalid, UNSUBSCRIBE_ERRORS.expired, UNSUBSCRIBE_ERRORS.used];

export const CONTENT_ROUTES = {
  getContentSettings: route({
    method: 'get',
    path: '/api/content/settings',
    tag: 'Content',
    summary: "The shop's public settings (content pages)",
    description: 'The same settings as `/api/settings/shop`, for the contact and information pages.',
    access: 'public',
    responses: { 200: { description: 'The settings', schema: publicSettingsSchema } },
    cache: CATALOGUE,
  }),
  getHomeContent: route({
    method: 'get',
    path: '/api/content/home',
    tag: 'Content',
    summary: 'The home page: campaigns open now',
    description: 'The launched group-buy campaigns whose closing date is in the future.',
    access: 'public',
    responses: { 200: { description: 'The home content', schema: homeContentSchema } },
    cache: CATALOGUE,
  }),
  createInquiry: route({
    method: 'post',
    path: '/api/inquiries',
    tag: 'Content',
    summary: 'Send an inquiry',
    description:
      "The contact, business and closed-campaign forms. Markup is refused, never stripped; rate-limited per address. Stored with two mails: the inquiry to the shop's address and an acknowledgement (which repeats none of the customer's words) to the customer.",
    access: 'public',
    // Enough for a person, too few for a spammer; refused input costs nothing and never locks a visitor out.
    limits: [{ name: 'inquiries', windowMs: 10 * MINUTE, limit: 8 }],
    limitValidOnly: true,
    body: inquiryInputSchema,
    responses: { 201: { description: 'The inquiry was stored', schema: inquiryCreatedSchema } },
    errors: { 429: [K.tooManyAttempts] },
  }),
  subscribeNewsletter: route({
    method: 'post',
    path: '/api/subscriptions',
    tag: 'Content',
    summary: 'Subscribe to the newsletter',
    description: 'Subscribes an email: a new one gets a welcome mail, a known one nothing more; both answer 200 alike, so the answer does not tell who subscribed. Rate-limited per address.',
    access: 'public',
    limits: [{ name: 'newsletter', windowMs: 10 * MINUTE, limit: 10 }],
    limitValidOnly: true,
    body: subscriptionInputSchema,
    responses: {
      200: { description: 'Subscribed (now or before)', schema: subscriptionResultSchema },
    },
    errors: { 429: [K.tooManyAttempts] },
  }),
  unsubscribeNewsletter: route({
    method: 'post',
    path: '/api/subscriptions/cancel',
    tag: 'Content',
    summary: 'Unsubscribe by the signed link of a newsletter mail',
    description: 'The token of the link in every newsletter mail. A bad, expired or used link answers 400 with its own key.',
    access: 'public',
    body: unsubscribeInputSchema,
    responses: { 200: { description: 'Unsubscribed', schema: unsubscribeResultSchema } },
    errors: { 400: UNSUBSCRIBE_KEYS },
  }),
  unsubscribeNewsletterOneClick: route({
    method: 'post',
    path: '/api/subscriptions/one-click',
    tag: 'Content',
    summary: 'One-click unsubscribe from a mail client (RFC 8058)',
    description:
      'The `List-Unsubscribe` address of every newsletter mail, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The mail client posts the form body `List-Unsubscribe=One-Click`, which is accepted and ignored (this route alone takes a non-JSON body); the signed token in the query decides. Answers as `/api/subscriptions/cancel`.',
    access: 'public',
    query: unsubscribeInputSchema,
    responses: { 200: { description: 'Unsubscribed', schema: unsubscribeResultSchema } },
    errors: { 400: UNSUBSCRIBE_KEYS },
    ignoresBody: true,
  }),
} as const satisfies Record<string, RouteDecl>;
