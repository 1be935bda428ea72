import { Router } from 'express';
import { adminInquiriesQuerySchema, inquiryParams, inquiryReplyInputSchema } from '../../contracts/inquiries';
import { requireAuth, requireOwner, requireUser } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { closeInquiryCase, inquiryDetail, listInbox, replyToInquiry } from './service';

const s = {
  list: { query: adminInquiriesQuerySchema },
  one: { params: inquiryParams },
  reply: { params: inquiryParams, body: inquiryReplyInputSchema },
};

/** The owner's inbox under /api/admin/inquiries: 401 without a token, 403 for anyone but the owner. */
export function inquiriesAdminRouter() {
  const r = Router();
  r.use(requireAuth, requireOwner, (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });
  r.get('/', validate(s.list), async (req, res) => {
    res.json(await listInbox(validated(req, s.list).query.status));
  });
  r.get('/:inquiryId', validate(s.one), async (req, res) => {
    res.json(await inquiryDetail(validated(req, s.one).params.inquiryId));
  });
  r.post('/:inquiryId/replies', validate(s.reply), async (req, res) => {
    const { params, body } = validated(req, s.reply);
    res.status(201).json(await replyToInquiry(params.inquiryId, body, requireUser(req)));
  });
  r.post('/:inquiryId/close', validate(s.one), async (req, res) => {
    res.json(await closeInquiryCase(validated(req, s.one).params.inquiryId));
  });
  return r;
}
