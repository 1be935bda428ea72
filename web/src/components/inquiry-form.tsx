import { INQUIRY_LIMITS, inquiryInputSchema, type InquiryInput } from '@contracts/content';
import { describeError } from '@contracts/errors';
import { useId, useState } from 'react';
import { Field, FormAlert } from '@/components/field';
import { EmailSuggestion } from '@/components/email-suggestion';
import { NeedsJavaScript } from '@/components/needs-javascript';
import { api, isApiError } from '@/lib/api-client';
import { fieldProps, setServerError, useSchemaForm } from '@/lib/form';
import { notify } from '@/lib/toast';

// The inquiry form (POST /api/inquiries): the contact and business pages, and a closed campaign's
// page (topic "campaign" with its planId). The contact form also asks for the book and the order number,
// which the owner's inbox shows (/admin/inquiries). Shared, so any feature's page may use it. It uses zod:
// only lazy route chunks import it.

const postInquiry = (input: InquiryInput) => api('POST /api/inquiries', { body: input }, { auth: false });

type Topic = InquiryInput['topic'];
type FieldName = 'name' | 'email' | 'phone' | 'organization' | 'quantity' | 'book' | 'orderNo' | 'message';
type Values = Record<FieldName, string>;

const EMPTY: Values = { name: '', email: '', phone: '', organization: '', quantity: '', book: '', orderNo: '', message: '' };

/** Builds the request body from the form's strings: empty optional fields are left out. */
function toInput(topic: Topic, v: Values, planId?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { topic, name: v.name, email: v.email, message: v.message };
  if (v.phone.trim()) body.phone = v.phone;
  if (v.organization.trim()) body.organization = v.organization;
  // Not a whole number: 0.5 draws the schema's own 數量必須是整數.
  if (v.quantity.trim()) body.quantity = /^\d+$/.test(v.quantity.trim()) ? Number(v.quantity.trim()) : 0.5;
  if (planId) body.planId = planId;
  if (v.book.trim()) body.book = v.book;
  if (v.orderNo.trim()) body.orderNo = v.orderNo;
  return body;
}

export interface InquiryFormProps {
  topic: Topic;
  /** Asks for the organisation and the number of copies (bulk and association orders). */
  bulk?: boolean;
  planId?: string;
  title?: string;
  messageLabel?: string;
  messagePlaceholder?: string;
}

/**
 * The thanks replace a taller form, which left the page at its footer behind the toast: focus them
 * (a screen reader reads them) and bring them into view below the sticky header (scroll-margin-top).
 */
const showThanks = (el: HTMLHeadingElement | null) => {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'start' });
};

export function InquiryForm({ topic, bulk = false, planId, title = '線上詢問', messageLabel = '詢問內容', messagePlaceholder }: InquiryFormProps) {
  const id = useId();
  const form = useSchemaForm<Values, InquiryInput>(inquiryInputSchema, EMPTY, (v) => toInput(topic, v, planId));
  const [formError, setFormError] = useState<string | null>(null);
  const [doneId, setDoneId] = useState<string | null>(null);
  const sending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      const created = await postInquiry(input);
      setDoneId(created.inquiryId);
      form.reset(EMPTY);
      notify('success', '已收到您的詢問，我們會盡快回覆');
    } catch (err) {
      if (isApiError(err)) {
        for (const d of err.details ?? []) {
          const key = d.path.replace(/^body\./, '').split('.')[0] as FieldName;
          if (key in EMPTY) setServerError(form, key, d.message);
        }
        setFormError(describeError(err.statusCode, err.statusMessage));
      } else {
        setFormError('送出失敗，請稍後再試');
      }
    }
  });

  if (doneId) return <InquiryThanks id={id} doneId={doneId} onAgain={() => setDoneId(null)} />;

  const messageLength = form.watch('message').trim().length;
  return (
    <section className="card inquiry" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="inquiry__title">
        {title}
      </h2>
      <p className="muted small">標示 * 為必填。我們只會用這些資料回覆您的詢問。</p>
      <NeedsJavaScript what="送出詢問" otherWay="也可以來電、來信或透過 LINE 詢問" />
      {/* method="post": without JavaScript what was typed stays out of the URL (the ssr function answers a 303). */}
      <form className="form" method="post" onSubmit={(e) => void onSubmit(e)} noValidate data-testid={`inquiry-form-${topic}`}>
        <div className="form__row">
          <Field label="姓名" autoComplete="name" maxLength={200} required {...fieldProps(form, 'name')} />
          <div className="form__cell">
            <Field label="電子郵件" type="email" inputMode="email" autoComplete="email" maxLength={300} required {...fieldProps(form, 'email')} />
            <EmailSuggestion value={form.watch('email')} onAccept={(email) => form.setValue('email', email, { shouldValidate: true })} />
          </div>
        </div>
        <div className="form__row">
          <Field label="聯絡電話" type="tel" inputMode="tel" autoComplete="tel" maxLength={40} {...fieldProps(form, 'phone')} />
          {bulk && <Field label="單位名稱" autoComplete="organization" maxLength={300} hint="公司、公會、學校或社團名稱" {...fieldProps(form, 'organization')} />}
        </div>
        {bulk && <Field label="預計數量（本）" inputMode="numeric" maxLength={7} {...fieldProps(form, 'quantity')} />}
        {topic === 'contact' && (
          <div className="form__row">
            <Field label="詢問的書籍" hint="書名或 ISBN，選填" maxLength={INQUIRY_LIMITS.book + 50} {...fieldProps(form, 'book')} />
            <Field label="訂單號碼" hint="詢問訂單時填寫，例如 QY260315AB3K" autoCapitalize="characters" maxLength={40} {...fieldProps(form, 'orderNo')} />
          </div>
        )}
        <Field
          label={messageLabel}
          multiline
          rows={6}
          maxLength={INQUIRY_LIMITS.message + 200}
          placeholder={messagePlaceholder}
          required
          hint={`${INQUIRY_LIMITS.messageMin}–${INQUIRY_LIMITS.message} 字；${messageLength} 字`}
          {...fieldProps(form, 'message')}
        />
        <FormAlert>{formError}</FormAlert>
        <div>
          <button type="submit" className="btn btn--primary" disabled={sending} aria-busy={sending}>
            {sending ? '送出中…' : '送出詢問'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The inquiry was received: its number, when the shop answers, and a way to write another. */
function InquiryThanks({ id, doneId, onAgain }: { id: string; doneId: string; onAgain: () => void }) {
  return (
    <section className="card inquiry" aria-labelledby={`${id}-done`}>
      <h2 id={`${id}-done`} className="inquiry__title" tabIndex={-1} ref={showThanks}>
        感謝您的詢問
      </h2>
      <div className="notice notice--success" role="status">
        <p>我們已收到您的訊息（編號 {doneId.slice(0, 8)}），將於 1–2 個工作天內以電子郵件或電話回覆您。</p>
      </div>
      <button type="button" className="btn btn--ghost" onClick={onAgain}>
        再寫一則詢問
      </button>
    </section>
  );
}
