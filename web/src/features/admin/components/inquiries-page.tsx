import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, INQUIRY_TOPIC_LABELS, type AdminInquiry, type InquiryStatus } from '@contracts/inquiries';
import { formatDateTime } from '@contracts/format';
import { Link, useSearchParams } from 'react-router';
import { useResource } from '../lib/use-resource';
import { Loaded, PageHead, ReloadButton } from './ui';
import '../inbox.css';

const isStatus = (s: string | null): s is InquiryStatus => INQUIRY_STATUSES.includes(s as InquiryStatus);

/** The questions an inquiry is about, as small tags: the book, the order, the campaign, the copies. */
export function InquiryTags({ i }: { i: AdminInquiry }) {
  return (
    <span className="inbox-item__tags">
      <span className="inbox-tag">{INQUIRY_TOPIC_LABELS[i.topic]}</span>
      {i.book ? <span className="inbox-tag">書籍：{i.book}</span> : null}
      {i.orderNo ? <span className="inbox-tag">訂單 {i.orderNo}</span> : null}
      {i.planId ? <span className="inbox-tag">團購 {i.planId}</span> : null}
      {i.quantity ? <span className="inbox-tag">{i.quantity} 本</span> : null}
    </span>
  );
}

/** /admin/inquiries: customer inquiries by state (待回覆 first), newest first. */
export default function InquiriesPage() {
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status: InquiryStatus = isStatus(raw) ? raw : 'new';
  const inbox = useResource('GET /api/admin/inquiries', { query: { status } });
  const counts = inbox.data?.counts;
  return (
    <div>
      <PageHead title="顧客詢問">
        <ReloadButton resource={inbox} />
      </PageHead>
      <p className="muted">顧客從「聯絡我們」、企業採購與團購活動頁送出的詢問。每則詢問也會寄到商店信箱；在這裡回覆會寄信給顧客並留下紀錄。</p>
      <nav aria-label="詢問狀態">
        <ul className="inbox-tabs">
          {INQUIRY_STATUSES.map((s) => (
            <li key={s}>
              <Link to={s === 'new' ? '/admin/inquiries' : `/admin/inquiries?status=${s}`} aria-current={s === status ? 'page' : undefined}>
                {INQUIRY_STATUS_LABELS[s]}
                {counts ? <span className="inbox-count">{counts[s]}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Loaded resource={inbox}>
        {({ inquiries }) =>
          inquiries.length === 0 ? (
            <p className="admin-empty">{status === 'new' ? '沒有待回覆的詢問。' : `沒有${INQUIRY_STATUS_LABELS[status]}的詢問。`}</p>
          ) : (
            <ul className="inbox-list" aria-label={`${INQUIRY_STATUS_LABELS[status]}的詢問，最新的在最上面`}>
              {inquiries.map((i) => (
                <li key={i.inquiryId}>
                  <Link className="inbox-item" to={`/admin/inquiries/${i.inquiryId}`}>
                    <span className="inbox-item__head">
                      <span className="inbox-item__name">{i.name}</span>
                      <span className="inbox-item__meta">{formatDateTime(i.createdAt)}</span>
                    </span>
                    <span className="inbox-item__meta">
                      {i.email}
                      {i.phone ? `｜${i.phone}` : ''}
                      {i.organization ? `｜${i.organization}` : ''}
                    </span>
                    <InquiryTags i={i} />
                    <span className="inbox-item__excerpt">{i.message}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </div>
  );
}
