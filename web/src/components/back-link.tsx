import { Link } from 'react-router';

/** The way back up from a detail page to its list (an order to the orders, a book to the books). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p>
      <Link to={to}>← {children}</Link>
    </p>
  );
}
