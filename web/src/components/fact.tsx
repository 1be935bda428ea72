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

/** Terms and their values as a <dl>, a row (`rowClassName`) each, leaving out the empty values. */
export function FactRows({ rows, className, rowClassName }: { rows: readonly (readonly [string, ReactNode])[]; className: string; rowClassName: string }) {
  return (
    <dl className={className}>
      {rows
        .filter(([, value]) => value !== '' && value != null)
        .map(([term, value]) => (
          <div key={term} className={rowClassName}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
