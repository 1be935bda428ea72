import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { RouteFocus } from './route-focus';

/**
 * What every layout shares: the skip link first, focus moved to the new page's heading after a
 * navigation (RouteFocus looks for it inside #main), the page in <main id="main"> between the layout's
 * own header and footer.
 */
export function LayoutFrame({ variant, header, footer, mainClassName = 'layout__main' }: { variant: string; header: ReactNode; footer: ReactNode; mainClassName?: string }) {
  return (
    <div className={`layout layout--${variant}`}>
      <a className="skip-link" href="#main">
        跳到主要內容
      </a>
      <RouteFocus />
      {header}
      <main id="main" className={mainClassName} tabIndex={-1}>
        <Outlet />
      </main>
      {footer}
    </div>
  );
}
