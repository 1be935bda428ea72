import { useState } from 'react';
import { describeError } from '@contracts/errors';
import { bankDigitsInputSchema } from '@contracts/orders';
import { Field, FormAlert } from '@/components/field';
import { isApiError } from '@/lib/api-client';
import { fieldProps, useSchemaForm } from '@/lib/form';

/**
 * 匯款帳號末 5 碼, given or corrected after the order was placed (until it is paid), beside the bank
 * details: the owner matches the transfer by it. `given`: the digits the order holds, or null (none yet;
 * the lookup never shows them, only that they were given).
 */
export function BankDigitsForm({ given, save }: { given: string | null | boolean; save: (bankAccountNo: string) => Promise<unknown> }) {
  const form = useSchemaForm(bankDigitsInputSchema, { bankAccountNo: typeof given === 'string' ? given : '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ bankAccountNo }) => {
    setProblem(null);
    setSaved(false);
    try {
      await save(bankAccountNo);
      setSaved(true);
    } catch (e) {
      const detail = isApiError(e) ? e.details?.[0]?.message : undefined;
      setProblem(detail ?? (isApiError(e) ? describeError(e.statusCode, e.statusMessage) : '儲存失敗，請稍後再試'));
    }
  });
  return (
    <form className="form bank-digits" noValidate onSubmit={(e) => void submit(e)}>
      <Field
        label="匯款帳號末 5 碼"
        hint={given ? '已填寫；匯款帳號不同時可在付款確認前更正。' : '匯款後填寫，方便我們核對您的匯款。'}
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        {...fieldProps(form, 'bankAccountNo')}
      />
      <button type="submit" className="btn btn--ghost" disabled={busy} aria-busy={busy}>
        {busy ? '儲存中…' : given ? '更正末 5 碼' : '送出末 5 碼'}
      </button>
      {saved && (
        <p role="status" className="bank-digits__saved">
          已收到匯款帳號末 5 碼，謝謝！
        </p>
      )}
      <FormAlert>{problem}</FormAlert>
    </form>
  );
}
