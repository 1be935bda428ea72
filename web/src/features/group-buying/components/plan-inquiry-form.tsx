import { describeError } from '@contracts/errors';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { inquiryInputSchema, sendInquiry } from '../api/inquiry';

interface FormState {
  name: string;
  email: string;
  phone: string;
  organization: string;
  message: string;
}
type Field = keyof FormState;

/** A closed campaign: ask the shop about buying at group prices anyway (writes inquiries/{id}). */
export function PlanInquiryForm({ planId, planTitle }: { planId: string; planTitle: string }) {
  const id = useId();
  const [form, setForm] = useState<FormState>({ name: '', email: '', phone: '', organization: '', message: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const candidate = {
    topic: 'campaign' as const,
    planId,
    name: form.name,
    email: form.email,
    message: form.message,
    ...(form.phone ? { phone: form.phone } : {}),
    ...(form.organization ? { organization: form.organization } : {}),
  };
  const parsed = inquiryInputSchema.safeParse(candidate);
  const errors = new Map<string, string>();
  if (!parsed.success) for (const i of parsed.error.issues) errors.set(String(i.path[0]), errors.get(String(i.path[0])) ?? i.message);
  const errorOf = (f: Field) => (touched[f] ? errors.get(f) : undefined);

  if (state === 'sent') {
    return (
      <div className="gb-inquiry gb-inquiry--sent" role="status">
        <h3>已收到您的詢問</h3>
        <p>謝謝您！我們會在 1–2 個工作天內以電子郵件回覆您。</p>
      </div>
    );
  }

  const submit = async () => {
    setTouched({ name: true, email: true, phone: true, organization: true, message: true });
    if (!parsed.success) return;
    setState('sending');
    setError(null);
    try {
      await sendInquiry(parsed.data);
      setState('sent');
    } catch (err) {
      setState('idle');
      setError(isApiError(err) ? describeError(err.statusCode, err.statusMessage) : '送出失敗，請稍後再試');
    }
  };

  const field = (f: Field, label: string, opts: { type?: string; autoComplete?: string; required?: boolean; textarea?: boolean } = {}) => {
    const fid = `${id}-${f}`;
    const err = errorOf(f);
    const common = {
      id: fid,
      name: f,
      value: form[f],
      onChange: (e: { target: { value: string } }) => {
        const value = e.target.value;
        setForm((p) => ({ ...p, [f]: value }));
      },
      onBlur: () => setTouched((t) => ({ ...t, [f]: true })),
      'aria-invalid': err ? true : undefined,
      'aria-describedby': err ? `${fid}-err` : undefined,
      'aria-required': opts.required ?? true,
    };
    return (
      <div className={`gb-field${err ? ' gb-field--error' : ''}`}>
        <label htmlFor={fid}>
          {label}
          {(opts.required ?? true) ? <span className="gb-field__req"> *</span> : <span className="gb-field__opt">（選填）</span>}
        </label>
        {opts.textarea ? <textarea rows={4} {...common} /> : <input type={opts.type ?? 'text'} autoComplete={opts.autoComplete} {...common} />}
        {err && (
          <p id={`${fid}-err`} className="gb-field__error" role="alert">
            {err}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      id="plan-inquiry"
      className="gb-inquiry"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`}>活動洽詢</h3>
      <p className="muted">錯過了「{planTitle}」？留下聯絡方式與需求，我們會告訴您是否還能以團購價訂購，或下一次開團的時間。</p>
      <div className="gb-fields">
        {field('name', '姓名', { autoComplete: 'name' })}
        {field('email', '電子郵件', { type: 'email', autoComplete: 'email' })}
        {field('phone', '聯絡電話', { type: 'tel', autoComplete: 'tel', required: false })}
        {field('organization', '單位名稱', { autoComplete: 'organization', required: false })}
        {field('message', '詢問內容', { textarea: true })}
      </div>
      {error && (
        <div className="gb-alert" role="alert">
          {error}
        </div>
      )}
      <button type="submit" className="btn btn--primary" disabled={state === 'sending'}>
        {state === 'sending' ? '送出中…' : '送出詢問'}
      </button>
    </form>
  );
}
