import { INQUIRY_REPLY_LIMITS, INQUIRY_STATUS_LABELS, inquiryReplyInputSchema, type AdminInquiry } from '@contracts/inquiries';
import { formatDateTime } from '@contracts/format';
import { Link, useParams } from 'react-router';
import { Field } from '@/components/field';
import { fieldProps, useSchemaForm } from '@/lib/form';
import { notify } from '@/lib/toast';
import { closeInquiry, replyToInquiry } from '../api/admin-api';
import { useOwnerAction } from '../lib/use-owner-action';
import { useResource } from '../lib/use-resource';
import { InquiryTags } from './inquiries-page';
import { BusyButton, Card, FormErrors, PageHead, SubmitRow, SubPage } from './ui';
import '../inbox.css';

const BADGE: Record<AdminInquiry['status'], string> = { new: 'warn', replied: 'good', closed: 'closed' };

/** /admin/inquiries/{id}: the whole inquiry, the replies sent, a reply form and 結案. */
export default function InquiryPage() {
  const { inquiryId = '' } = useParams();
  const inquiry = useResource('GET /api/admin/inquiries/{inquiryId}', { params: { inquiryId } });
  return (
    <SubPage back="/admin/inquiries" backLabel="返回顧客詢問" resource={inquiry}>{(i) => <InquiryView i={i} onChange={inquiry.set} />}</SubPage>
  );
}

function InquiryView({ i, onChange }: { i: AdminInquiry; onChange: (i: AdminInquiry) => void }) {
  const close = useOwnerAction();
  const doClose = () =>
    close.run(async () => {
      onChange(await closeInquiry(i.inquiryId));
      notify('success', '這則詢問已結案');
    });

  return (
    <>
      <PageHead title={`${i.name} 的詢問`}>
        <span className={`status-badge status-badge--${BADGE[i.status]}`}>{INQUIRY_STATUS_LABELS[i.status]}</span>
        {i.status !== 'closed' ? (
          <BusyButton busy={close.busy} type="button" className="btn btn--ghost btn--small" onClick={() => void doClose()}>
            結案
          </BusyButton>
        ) : null}
      </PageHead>
      <div className="admin-grid">
        <Card id="inq-question" title="詢問內容">
          <InquiryTags i={i} />
          <p className="inbox-message">{i.message}</p>
          <p className="muted small">送出時間 {formatDateTime(i.createdAt)}</p>
        </Card>
        <ContactCard i={i} />
      </div>
      <Card id="inq-replies" title="回覆紀錄">
        <Replies i={i} />
        {i.status === 'closed' ? <p className="muted">這則詢問已結案，不能再回覆。</p> : <ReplyForm i={i} onChange={onChange} />}
      </Card>
    </>
  );
}

/** 聯絡資料: how to reach the customer, and what the inquiry is about. */
function ContactCard({ i }: { i: AdminInquiry }) {
  return (
    <Card id="inq-contact" title="聯絡資料">
      <dl className="admin-dl">
        <dt>姓名</dt>
        <dd>{i.name}</dd>
        <dt>電子郵件</dt>
        <dd>
          <a href={`mailto:${i.email}`}>{i.email}</a>
        </dd>
        <dt>電話</dt>
        <dd>{i.phone ? <a href={`tel:${i.phone.replace(/[^\d+#]/g, '')}`}>{i.phone}</a> : '未填'}</dd>
        {i.organization ? (
          <>
            <dt>單位</dt>
            <dd>{i.organization}</dd>
          </>
        ) : null}
        {i.orderNo ? (
          <>
            <dt>訂單號碼</dt>
            <dd>
              <Link to={`/admin/orders?q=${encodeURIComponent(i.orderNo)}`}>{i.orderNo}</Link>
            </dd>
          </>
        ) : null}
        {i.planId ? (
          <>
            <dt>團購活動</dt>
            <dd>
              <Link to={`/admin/plans/${encodeURIComponent(i.planId)}`}>{i.planId}</Link>
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

function Replies({ i }: { i: AdminInquiry }) {
  if (i.replies.length === 0) return <p className="muted">尚未回覆。</p>;
  return (
    <ol className="inbox-replies">
      {i.replies.map((r, n) => (
        <li key={n} className="inbox-reply">
          <span className="muted small">
            {formatDateTime(r.sentAt)}｜{r.by} 寄給 {i.email}
          </span>
          <p className="inbox-message">{r.message}</p>
        </li>
      ))}
    </ol>
  );
}

/** 寄出回覆: the reply is checked by the server's schema first (its Chinese beside the field). */
function ReplyForm({ i, onChange }: { i: AdminInquiry; onChange: (i: AdminInquiry) => void }) {
  const form = useSchemaForm(inquiryReplyInputSchema, { message: '' });
  const reply = useOwnerAction();
  const send = form.handleSubmit((input) =>
    reply.run(async () => {
      onChange(await replyToInquiry(i.inquiryId, input.message));
      form.reset();
      notify('success', `回覆已寄給 ${i.email}`);
    }),
  );
  return (
    <form className="inbox-reply-form" onSubmit={(e) => void send(e)} noValidate aria-label="回覆顧客">
      <h3>寄出回覆</h3>
      <Field
        id="inquiry-reply"
        label={`回覆內容（寄到 ${i.email}）`}
        multiline
        rows={6}
        required
        maxLength={INQUIRY_REPLY_LIMITS.max + 100}
        hint="原文寄出，信中會附上顧客的提問；顧客可直接回信到商店信箱。"
        {...fieldProps(form, 'message')}
      />
      <FormErrors error={reply.error} />
      <SubmitRow busy={reply.busy} className="inbox-reply-form__actions">
        寄出回覆
      </SubmitRow>
    </form>
  );
}
