import { adminInquiriesQuerySchema, adminInquiryListSchema, adminInquirySchema, inquiryParams, inquiryReplyInputSchema } from '../inquiries';
import { created, K, NOT_FOUND, ok, ownerRoute, type RouteDecl } from './declare';

// The owner's inbox of inquiries (api/inquiries/router.ts). Part of ROUTES (../routes.ts).

export const INQUIRIES_ROUTES = {
  adminListInquiries: ownerRoute('get', '/api/admin/inquiries', { query: adminInquiriesQuerySchema, responses: ok('The inquiries', adminInquiryListSchema) },
    'The inbox of customer inquiries', 'One state at a time (`new` by default), newest first, at most 100, with the count of each state.'),
  adminGetInquiry: ownerRoute('get', '/api/admin/inquiries/{inquiryId}', { params: inquiryParams, responses: ok('The inquiry', adminInquirySchema), errors: NOT_FOUND },
    'One inquiry with its replies', 'What the customer wrote (the question, the book, the contact details, the order number if given) and every reply sent.'),
  adminReplyToInquiry: ownerRoute('post', '/api/admin/inquiries/{inquiryId}/replies', { params: inquiryParams, body: inquiryReplyInputSchema, responses: created('The inquiry with the reply', adminInquirySchema), errors: { 404: [K.notFound], 409: [K.invalidTransition] } },
    'Reply to an inquiry', "Mails the reply to the customer (Reply-To the shop) and records it on the inquiry, which becomes `replied`, in one transaction. A closed inquiry answers 409 `INVALID_TRANSITION`."),
  adminCloseInquiry: ownerRoute('post', '/api/admin/inquiries/{inquiryId}/close', { params: inquiryParams, responses: ok('The inquiry', adminInquirySchema), errors: NOT_FOUND },
    'Close an inquiry', 'Moves it to `closed`, from any state; closing a closed inquiry changes nothing.'),
} as const satisfies Record<string, RouteDecl>;
