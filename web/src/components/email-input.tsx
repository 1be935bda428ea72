import type { ComponentPropsWithRef } from 'react';

type Props = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value' | 'onChange'> & { value: string; onValue: (value: string) => void };

/**
 * The email box of the two one-field forms outside the form library (the footer's newsletter
 * sign-up, a sold-out book's 到貨通知; lib/email.ts checks what is typed): the phone's email
 * keyboard, the browser's autofill and a sample address.
 */
export function EmailInput({ onValue, ...rest }: Props) {
  return <input type="email" inputMode="email" autoComplete="email" placeholder="you@example.com" {...rest} onChange={(e) => onValue(e.target.value)} />;
}
