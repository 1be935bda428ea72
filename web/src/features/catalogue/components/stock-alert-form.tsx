import { EmailSignUpForm, type EmailSignUpTexts } from '@/components/email-sign-up-form';
import { api } from '@/lib/api-client';

const TEXTS: EmailSignUpTexts = { block: 'stock-alert', doneClassName: 'stock-alert__done', buttonClassName: 'btn--primary', title: '到貨通知', label: '到貨通知的電子郵件', button: '到貨通知我' };

/** 到貨通知: on a sold-out book, the shopper leaves an email and gets one mail when it is back. */
export function StockAlertForm({ productId, bookName }: { productId: string; bookName: string }) {
  const send = (email: string) => api('POST /api/stockAlerts', { body: { productId, email } });
  // Lands on the sold-out buy box (#stock-alert, buy-box.tsx), 目前缺貨中 above the form or its answer.
  return (
    <EmailSignUpForm
      texts={TEXTS}
      lands="stock-alert"
      post={{ form: 'stockAlert', fields: { productId } }}
      draftKey={`stock-alert:${productId}`}
      done={(email) => `已登記到貨通知！《${bookName}》到貨時會寄一封通知信到${email ? ` ${email}` : '您填寫的信箱'}。`}
      send={send}
    />
  );
}
