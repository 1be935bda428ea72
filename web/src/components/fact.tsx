import type { ReactNode } from 'react';

/**
 * One term and its value in a <dl>; nothing at all when the value is missing or empty, so an optional
 * fact (an invoice title, a remark, a tracking number) needs no wrapper of its own.
 */
export function Fact({ term, children }: { term: ReactNode; children?: ReactNode }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
