import type { ShopSettings } from '@contracts/settings';
import { Link } from 'react-router';
import { LiveDocument } from '@/lib/live/live-document';

/** The shop's LINE link from settings/shop (contact.line); the contact page until it has loaded. */
export function LineInquiry({ bookName }: { bookName: string }) {
  const contact = (
    <Link className="btn btn--ghost" to="/contact">
      聯絡我們詢問到貨
    </Link>
  );
  return (
    <LiveDocument<Partial<ShopSettings>> path="settings/shop" fallback={contact}>
      {(s) =>
        s?.contact?.line ? (
          <a className="btn btn--line" href={s.contact.line} target="_blank" rel="noopener noreferrer" aria-label={`以 LINE 詢問《${bookName}》的到貨時間（另開視窗）`}>
            <span aria-hidden="true" className="btn--line__mark">
              LINE
            </span>
            詢問到貨時間
          </a>
        ) : (
          contact
        )
      }
    </LiveDocument>
  );
}
