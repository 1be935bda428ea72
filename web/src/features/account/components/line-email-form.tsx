import { lineEmailInputSchema } from '@contracts/line';
import { Field } from '@/components/field';
import { EmailSuggestion } from '@/components/email-suggestion';
import { fieldProps } from '@/lib/form';
import { setLineEmail } from '../api/line';
import { startSession } from '../session-actions';
import { AccountForm, useAccountForm } from './account-card';

/**
 * The email step of a LINE account: LINE gave no email (or another account has it), and the shop needs
 * one to sell. The address is verified by the same mail as after an email sign-up.
 */
export function LineEmailForm({ onSent }: { onSent: (email: string) => void }) {
  const account = useAccountForm(lineEmailInputSchema, { email: '' }, async ({ email }) => {
    const answer = await setLineEmail(email);
    // A new email revokes the account's earlier sign-ins: the answer is the new session.
    startSession(answer, { provider: 'line' });
    onSent(answer.email);
  });
  return (
    <AccountForm account={account} submit="寄送驗證信" busyLabel="寄送中…">
      <Field label="電子郵件" type="email" autoComplete="email" inputMode="email" required hint="訂單通知與匯款資訊會寄到這裡" {...fieldProps(account.form, 'email')} />
      <EmailSuggestion value={account.form.watch('email')} onAccept={(email) => account.form.setValue('email', email, { shouldValidate: true })} />
    </AccountForm>
  );
}
