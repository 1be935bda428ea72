import { INQUIRY_LIMITS, inquiryInputSchema, type InquiryCreated, type InquiryInput } from '@contracts/content';
import { describeError } from '@contracts/errors';
import { useId, useRef, useState, type FormEvent } from 'react';
import { apiRequest, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';

// The inquiry form (POST /api/inquiries): the contact and business pages, and a closed campaign's
// page (topic "campaign" with its planId). Shared, so any feature's page may use it. It uses zod:
// only lazy route chunks import it.

const postInquiry = (input: InquiryInput) => apiRequest<InquiryCreated>('/inquiries', { method: 'POST', body: input, auth: false });

type Topic = InquiryInput['topic'];
type FieldName = 'name' | 'email' | 'phone' | 'organization' | 'quantity' | 'message';
type Values = Record<FieldName, string>;

const EMPTY: Values = { name: '', email: '', phone: '', organization: '', quantity: '', message: '' };

/** Builds the request body from the form's strings: empty optional fields are left out. */
function toInput(topic: Topic, v: Values, planId?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { topic, name: v.name, email: v.email, message: v.message };
  if (v.phone.trim()) body.phone = v.phone;
  if (v.organization.trim()) body.organization = v.organization;
  if (v.quantity.trim()) body.quantity = /^\d+$/.test(v.quantity.trim()) ? Number(v.quantity.trim()) : NaN;
  if (planId) body.planId = planId;
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

export function InquiryForm({ topic, bulk = false, planId, title = '線上詢問', messageLabel = '詢問內容', messagePlaceholder }: InquiryFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [doneId, setDoneId] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  function focusFirstError(errs: Partial<Record<FieldName, string>>) {
    const first = (Object.keys(EMPTY) as FieldName[]).find((k) => errs[k]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const parsed = inquiryInputSchema.safeParse(toInput(topic, values, planId));
    if (!parsed.success) {
      const errs: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        if (key in EMPTY && !errs[key]) errs[key] = key === 'quantity' && issue.code === 'invalid_type' ? '請填寫整數' : issue.message;
      }
      setErrors(errs);
      focusFirstError(errs);
      return;
    }
    setSending(true);
    try {
      const created = await postInquiry(parsed.data);
      setDoneId(created.inquiryId);
      setValues(EMPTY);
      notify('success', '已收到您的詢問，我們會盡快回覆');
    } catch (err) {
      if (isApiError(err)) {
        const errs: Partial<Record<FieldName, string>> = {};
        for (const d of err.details ?? []) {
          const key = d.path.replace(/^body\./, '').split('.')[0] as FieldName;
          if (key in EMPTY) errs[key] = d.message;
        }
        setErrors(errs);
        setFormError(describeError(err.statusCode, err.statusMessage));
      } else {
        setFormError('送出失敗，請稍後再試');
      }
    } finally {
      setSending(false);
    }
  }

  if (doneId) {
    return (
      <section className="card inquiry" aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`} className="inquiry__title">
          感謝您的詢問
        </h2>
        <div className="notice notice--success" role="status">
          <p>我們已收到您的訊息（編號 {doneId.slice(0, 8)}），將於 1–2 個工作天內以電子郵件或電話回覆您。</p>
        </div>
        <button type="button" className="btn btn--ghost" onClick={() => setDoneId(null)}>
          再寫一則詢問
        </button>
      </section>
    );
  }

  const field = (name: FieldName, label: string, input: React.ReactElement, opts: { required?: boolean; hint?: string } = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
        {opts.required && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {input}
      {opts.hint && (
        <span id={`${id}-${name}-hint`} className="field__hint">
          {opts.hint}
        </span>
      )}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const a11y = (name: FieldName, hint = false) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  return (
    <section className="card inquiry" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="inquiry__title">
        {title}
      </h2>
      <p className="muted small">標示 * 為必填。我們只會用這些資料回覆您的詢問。</p>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate data-testid={`inquiry-form-${topic}`}>
        <div className="form__row">
          {field('name', '姓名', <input className="input" autoComplete="name" maxLength={200} required {...a11y('name')} />, { required: true })}
          {field('email', '電子郵件', <input className="input" type="email" inputMode="email" autoComplete="email" maxLength={300} required {...a11y('email')} />, { required: true })}
        </div>
        <div className="form__row">
          {field('phone', '聯絡電話', <input className="input" type="tel" inputMode="tel" autoComplete="tel" maxLength={40} {...a11y('phone')} />)}
          {bulk && field('organization', '單位名稱', <input className="input" autoComplete="organization" maxLength={300} {...a11y('organization', true)} />, { hint: '公司、公會、學校或社團名稱' })}
        </div>
        {bulk && field('quantity', '預計數量（本）', <input className="input" inputMode="numeric" maxLength={7} {...a11y('quantity')} />)}
        {field(
          'message',
          messageLabel,
          <textarea className="textarea" rows={6} maxLength={INQUIRY_LIMITS.message + 200} placeholder={messagePlaceholder} required {...a11y('message', true)} />,
          { required: true, hint: `${INQUIRY_LIMITS.messageMin}–${INQUIRY_LIMITS.message} 字；${values.message.trim().length} 字` },
        )}
        {formError && (
          <div className="notice notice--error" role="alert">
            <p>{formError}</p>
          </div>
        )}
        <div>
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {sending ? '送出中…' : '送出詢問'}
          </button>
        </div>
      </form>
    </section>
  );
}
