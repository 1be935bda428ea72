import { Link } from 'react-router';
import { useShopSettings } from '@/lib/shop-settings';

/**
 * The shop's LINE link (settings/shop contact.line), or the contact page when the shop has none. From the
 * settings every page's root loader has ready (app/router.tsx), so the rendered page already holds the right
 * button: a live read of the document showed the contact link first and swapped in the LINE button once it
 * answered, and the box changed height under the shopper's eyes.
 */
export function LineInquiry({ bookName }: { bookName: string }) {
  const line = useShopSettings()?.contact?.line;
  if (!line) {
    return (
      <Link className="btn btn--ghost" to="/contact">
        聯絡我們詢問到貨
      </Link>
    );
  }
  return (
    <a className="btn btn--line" href={line} target="_blank" rel="noopener noreferrer" aria-label={`以 LINE 詢問《${bookName}》的到貨時間（另開視窗）`}>
      <span aria-hidden="true" className="btn--line__mark">
        LINE
      </span>
      詢問到貨時間
    </a>
  );
}
