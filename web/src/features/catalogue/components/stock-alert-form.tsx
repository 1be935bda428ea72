import { EmailSignUpForm, type EmailSignUpKind } from '@/components/email-sign-up-form';
import { api } from '@/lib/api-client';

// Lands on the sold-out buy box (#stock-alert, buy-box.tsx), 目前缺貨中 above the form or its answer.
const STOCK_ALERT: EmailSignUpKind = { form: 'stockAlert', lands: 'stock-alert', block: 'stock-alert', doneClassName: 'stock-alert__done', buttonClassName: 'btn--primary', title: '到貨通知', label: '到貨通知的電子郵件', button: '到貨通知我' };

/** 到貨通知: on a sold-out book, the shopper leaves an email and gets one mail when it is back. */
export function StockAlertForm({ productId, bookName }: { productId: string; bookName: string }) {
  const send = (email: string) => api('POST /api/stockAlerts', { body: { productId, email } });
  return <EmailSignUpForm kind={STOCK_ALERT} fields={{ productId }} send={send} done={(to) => `已登記到貨通知！《${bookName}》到貨時會寄一封通知信到${to}。`} />;
}
