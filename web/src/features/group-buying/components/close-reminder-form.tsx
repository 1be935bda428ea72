import { formatDateTime } from '@contracts/format';
import { EmailSignUpForm, type EmailSignUpKind } from '@/components/email-sign-up-form';
import { api } from '@/lib/api-client';

const CLOSE_REMINDER: EmailSignUpKind = {
  form: 'closeReminder',
  lands: 'close-reminder',
  id: 'close-reminder',
  block: 'gb-remind',
  doneClassName: 'gb-remind gb-remind--done',
  buttonClassName: 'btn--ghost',
  title: '還在考慮？截止前提醒我',
  hint: '留下電子郵件，活動截止前 24 小時寄一封提醒信給您（只寄一次，可隨時取消）。',
  label: '截止前提醒的電子郵件',
  button: '截止前提醒我',
};

/** 「截止前提醒我」: on an open campaign, a visitor leaves an email and gets one mail 24 h before it closes. */
export function CloseReminderForm({ planId, closingDate }: { planId: string; closingDate: string }) {
  const send = (email: string) => api('POST /api/closeReminders', { body: { planId, email } });
  const done = (to: string) => `已登記截止前提醒！截止前 24 小時會寄一封提醒信到${to}（截止時間 ${formatDateTime(closingDate)}）。`;
  return <EmailSignUpForm kind={CLOSE_REMINDER} fields={{ planId }} send={send} done={done} />;
}
