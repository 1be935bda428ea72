import { Link } from 'react-router';
import { formatLongDate, formatMoney } from '@contracts/format-core';
import type { ProductPlanOffer } from '@contracts/products';

/** 團購優惠: the open group-buy plans that include this book, with their price and deadline. */
export function GroupBuyOffers({ offers, salePrice }: { offers: ProductPlanOffer[]; salePrice: number }) {
  if (!offers.length) return null;
  return (
    <section className="book-section group-offers" aria-labelledby="group-offers-title">
      <h2 id="group-offers-title">團購優惠</h2>
      <p className="muted">參加以下團購活動，可用團購價購買本書。</p>
      <ul className="group-offers__list">
        {offers.map((o) => (
          <li key={o.planId} className="group-offer">
            <p className="group-offer__title">【{o.title}】</p>
            {o.organizer && <p className="group-offer__organizer muted">主辦：{o.organizer}</p>}
            <p className="group-offer__price">
              團購價 <strong>{formatMoney(o.groupPrice)}</strong>
              {o.groupPrice < salePrice && <span className="price__off">比售價省 {formatMoney(salePrice - o.groupPrice)}</span>}
            </p>
            <p className="group-offer__date">優惠期間：即日起 - {formatLongDate(o.closingDate)}</p>
            <Link className="btn btn--ghost btn--small" to={`/ezbuy/${o.planId}`} aria-label={`前往「${o.title}」團購頁`}>
              前往團購頁
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
