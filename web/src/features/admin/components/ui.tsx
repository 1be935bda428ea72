import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { Spinner } from '@/components/page-status';
import { errorText } from '../lib/labels';
import type { Resource } from '../lib/use-resource';


/** Loading, failure (with a retry) or the page itself. */
export function Loaded<T>({ resource, children }: { resource: Resource<T>; children: (data: T) => ReactNode }) {
  if (resource.data !== undefined) return <>{children(resource.data)}</>;
  if (resource.error) {
    return (
      <div className="admin-alert" role="alert">
        <p>{errorText(resource.error)}</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={resource.reload}>
          重新載入
        </button>
      </div>
    );
  }
  return <Spinner />;
}

/** The server's field messages, in a list the screen reader announces. */
export function FormErrors({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="admin-alert" role="alert">
      <p>{errorText(error)}</p>
    </div>
  );
}

/** A page under a list: the way back to the list, then what the page shows once `resource` is loaded. */
export function SubPage<T>({ back, backLabel, resource, children }: { back: string; backLabel: string; resource: Resource<T>; children: (data: T) => ReactNode }) {
  return (
    <div>
      <BackLink to={back}>{backLabel}</BackLink>
      <Loaded resource={resource}>{children}</Loaded>
    </div>
  );
}

/** A card of the console: a section named by its heading. */
export function Card({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-head">
      <h2 id="admin-page-title">{title}</h2>
      {children ? <div className="admin-head__actions">{children}</div> : null}
    </div>
  );
}

/** 重新整理: loads the page's resource again (disabled while it loads). */
export function ReloadButton({ resource }: { resource: Pick<Resource<unknown>, 'reload' | 'loading'> }) {
  return (
    <button type="button" className="btn btn--ghost btn--small" onClick={resource.reload} disabled={resource.loading}>
      重新整理
    </button>
  );
}

/** A button that shows progress while its action runs and cannot be pressed twice. */
export function BusyButton({ busy, children, className = 'btn btn--primary', ...rest }: { busy: boolean } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button className={className} disabled={busy || rest.disabled} aria-busy={busy} {...rest}>
      {busy ? <span className="spinner__dot" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A form's last row: its submit button, busy while the form is being sent. */
export function SubmitRow({ busy, className = 'admin-form__submit', children }: { busy: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <BusyButton busy={busy} type="submit">
        {children}
      </BusyButton>
    </div>
  );
}

/** An input's props for a whole number from `min` to `max` (the phone's number pad). */
export const wholeNumber = (min: number, max: number) => ({ type: 'number', inputMode: 'numeric', min, max, step: 1 }) as const;

/** Lines of a textarea <-> string[] (blank lines dropped). */
export const toLines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);
export const fromLines = (xs: readonly string[] | undefined) => (xs ?? []).join('\n');
