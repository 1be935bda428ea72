import { suggestEmail } from '@/lib/email-suggestion';

/**
 * Below an email field: 「您是不是要輸入 name@gmail.com？」 with a button that takes it. `inline`: under a
 * one-field form's row (the sign-ups, the newsletter) rather than in a form's grid.
 */
export function EmailSuggestion({ value, onAccept, inline }: { value: string; onAccept: (email: string) => void; inline?: boolean }) {
  const suggestion = suggestEmail(value);
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
