import { formatMoney } from '@contracts/format-core';

/** 定價 and 售價; the list price is struck through when the book is on sale. */
export function Price({ listPrice, salePrice, large = false }: { listPrice: number; salePrice: number; large?: boolean }) {
  const onSale = salePrice < listPrice;
  return (
    <p className={`price${large ? ' price--large' : ''}`}>
      <span className="price__list">
        定價 {onSale ? <del>{formatMoney(listPrice)}</del> : formatMoney(listPrice)}
      </span>
      <span className="price__sale">
        售價 <strong>{formatMoney(salePrice)}</strong>
        {onSale && <span className="price__off">省 {formatMoney(listPrice - salePrice)}</span>}
      </span>
    </p>
  );
}

/** 新品 / 限時優惠 / 缺貨中 */
export function Badges({ isNew, isOnSale, soldOut = false }: { isNew: boolean; isOnSale: boolean; soldOut?: boolean }) {
  if (!isNew && !isOnSale && !soldOut) return null;
  return (
    <ul className="badges" aria-label="標籤">
      {isNew && <li className="badge badge--new">新品</li>}
      {isOnSale && <li className="badge badge--sale">限時優惠</li>}
      {soldOut && <li className="badge badge--soldout">缺貨中</li>}
    </ul>
  );
}
