import { useEffect, useState } from 'react';

type Suggest = typeof import('@/lib/email-suggestion').suggestEmail;

/**
 * Below an email field: 「您是不是要輸入 name@gmail.com？」 with a button that takes it. `inline`: under a
 * one-field form's row (the sign-ups, the newsletter) rather than in a form's grid. The domain list and
 * the edit distance (lib/email-suggestion.ts) load once an address has an @: the footer's newsletter form
 * is on every page, and they were 0.5 KiB of every page's first script. Nothing is suggested before
 * then, on the server or in the browser, so the two render alike.
 */
export function EmailSuggestion({ value, onAccept, inline }: { value: string; onAccept: (email: string) => void; inline?: boolean }) {
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const wanted = value.includes('@');
  useEffect(() => {
    if (suggest || !wanted) return;
    let live = true;
    void import('@/lib/email-suggestion').then((m) => live && setSuggest(() => m.suggestEmail));
    return () => {
      live = false;
    };
  }, [suggest, wanted]);
  const suggestion = suggest?.(value);
  if (!suggestion) return null;
  return (
    <p className={`email-suggestion${inline ? ' email-suggestion--inline' : ''}`} role="status">
      {/* One flex item, so the sentence wraps as text: apart, its 「？」 could wrap onto a line of its own. */}
      <span>
        您是不是要輸入 <strong>{suggestion}</strong>？
      </span>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => onAccept(suggestion)}>
        改用這個
      </button>
    </p>
  );
}
