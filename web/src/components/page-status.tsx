import type { ReactNode } from 'react';

/** An honest page for a part of the shop that is not open yet. */
export function NotYetOpen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="muted">{children ?? '這個頁面正在準備中，敬請期待。'}</p>
    </section>
  );
}

export function Spinner({ label = '載入中…' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__dot" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
