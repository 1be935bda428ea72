import type { ReactNode } from 'react';

export function Spinner({ label = '載入中…' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__dot" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A page part while it loads: `children` are its grey placeholder blocks, `label` is told to screen readers. */
export function Placeholder({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {children}
    </div>
  );
}
