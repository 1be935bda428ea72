import { adminInquiriesQuerySchema, adminInquiryListSchema, adminInquirySchema, inquiryParams, inquiryReplyInputSchema } from '../inquiries';
import { K, OWNER, route, type RouteDecl } from './declare';

// The owner's inbox of inquiries (api/inquiries/router.ts). Part of ROUTES (../routes.ts).

export const INQUIRIES_ROUTES = {
  adminListInquiries: route({
    method: 'get',
    path: '/api/admin/inquiries',
    tag: 'Owner',
    summary: 'The inbox of customer inquiries',
    description: 'One state at a time (`new` by default), newest first, at most 100, with the count of each state.',
    ...OWNER,
    query: adminInquiriesQuerySchema,
    responses: { 200: { description: 'The inquiries', schema: adminInquiryListSchema } },
  }),
  adminGetInquiry: route({
    method: 'get',
    path: '/api/admin/inquiries/{inquiryId}',
    tag: 'Owner',
    summary: 'One inquiry with its replies',
    description: 'What the customer wrote (the question, the book, the contact details, the order number if given) and every reply sent.',
    ...OWNER,
    params: inquiryParams,
    responses: { 200: { description: 'The inquiry', schema: adminInquirySchema } },
    errors: { 404: [K.notFound] },
  }),
  adminReplyToInquiry: route({
    method: 'post',
    path: '/api/admin/inquiries/{inquiryId}/replies',
    tag: 'Owner',
    summary: 'Reply to an inquiry',
    description: "Mails the reply to the customer (Reply-To the shop) and records it on the inquiry, which becomes `replied`, in one transaction. A closed inquiry answers 409 `INVALID_TRANSITION`.",
    ...OWNER,
    params: inquiryParams,
    body: inquiryReplyInputSchema,
    responses: { 201: { description: 'The inquiry with the reply', schema: adminInquirySchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),
  adminCloseInquiry: route({
    method: 'post',
    path: '/api/admin/inquiries/{inquiryId}/close',
    tag: 'Owner',
    summary: 'Close an inquiry',
    description: 'Moves it to `closed`, from any state; closing a closed inquiry changes nothing.',
    ...OWNER,
    params: inquiryParams,
    responses: { 200: { description: 'The inquiry', schema: adminInquirySchema } },
    errors: { 404: [K.notFound] },
  }),
} as const satisfies Record<string, RouteDecl>;
