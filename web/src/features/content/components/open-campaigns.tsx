import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { q } from '@/lib/data/queries';
import { formatLongDate } from '@contracts/format-core';

export function OpenCampaigns() {
  const home = useQuery(q.home());
  return (
    <section className="home-section" id="campaigns" aria-labelledby="campaigns-title" tabIndex={-1}>
      <div className="home-section__head">
        <h2 id="campaigns-title">進行中的團購</h2>
        <Link to="/business" className="home-section__more">
          想為公會、社團開團？ →
        </Link>
      </div>
      {home.status === 'pending' && <div className="campaign-list campaign-list--loading skeleton" aria-hidden="true" />}
      {home.status === 'error' && <p className="notice notice--warn">團購活動暫時無法載入，請稍後再試。</p>}
      {home.status === 'success' &&
        (home.data.campaigns.length === 0 ? (
          <p className="notice">目前沒有進行中的團購活動。想為公會或讀書會開團，歡迎<Link to="/business">與我們聯絡</Link>。</p>
        ) : (
          <ul className="campaign-list">
            {home.data.campaigns.map((c) => (
              <li key={c.planId} className="campaign-card">
                <p className="campaign-card__org">{c.organizer}</p>
                <h3 className="campaign-card__title">
                  <Link to={`/ezbuy/${c.planId}`}>【{c.title}】</Link>
                </h3>
                <p className="campaign-card__date">
                  <span className="badge">優惠期間：即日起 - {formatLongDate(c.closingDate)}</span>
                </p>
                <span className="campaign-card__cta" aria-hidden="true">
                  前往團購 →
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
