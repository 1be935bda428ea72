import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldProps } from '@/lib/form';
import { Field } from './field';

/** The checkouts' optional 匯款帳號末 5 碼, on the confirmation inside the bank details. */
export function BankDigitsField<V extends FieldValues & { bankAccountNo: string }>({ form }: { form: UseFormReturn<V, unknown, unknown> }) {
  return (
    <Field
      label="匯款帳號末 5 碼"
      hint="方便我們核對您的匯款。還不知道可以留白，匯款後在訂單頁或訂單查詢補填。"
      inputMode="numeric"
      autoComplete="off"
      maxLength={12}
      optional
      {...fieldProps(form, 'bankAccountNo' as Path<V>)}
    />
  );
}
