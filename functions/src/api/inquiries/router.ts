import { ROUTES } from '../../contracts/routes';
import { handle } from '../../http/route';
import { closeInquiryCase, inquiryDetail, listInbox, replyToInquiry } from './service';

/** The owner's inbox under /api/admin/inquiries. */
export const inquiriesAdminRoutes = [
  handle(ROUTES.adminListInquiries, ({ query }) => listInbox(query.status)),
  handle(ROUTES.adminGetInquiry, ({ params }) => inquiryDetail(params.inquiryId)),
  handle(ROUTES.adminReplyToInquiry, ({ params, body, user }) => replyToInquiry(params.inquiryId, body, user)),
  handle(ROUTES.adminCloseInquiry, ({ params }) => closeInquiryCase(params.inquiryId)),
];
