import { Fragment } from 'react';

/**
 * An email address that, when it does not fit on the line, wraps after the "@" or before a "." of
 * the domain rather than mid-word (the page's overflow-wrap stays the last resort).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at + 1) : email;
  const domain = at >= 0 ? email.slice(at + 1).split(/(?=\.)/) : [];
  return (
    <strong className={className} data-testid="email-text">
      {local}
      {domain.map((part, i) => (
        <Fragment key={i}>
          <wbr />
          {part}
        </Fragment>
      ))}
    </strong>
  );
}
