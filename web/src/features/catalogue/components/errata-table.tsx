import type { Erratum } from '@contracts/products';
import { formatLongDate } from '@contracts/format-core';
import { Thead } from '@/components/thead';

/** 勘誤公告: chapter, title, what changed, when, and the corrected page when there is one. */
export function ErrataTable({ errata }: { errata: Erratum[] }) {
  if (!errata.length) return <p className="muted">本書目前沒有勘誤。</p>;
  const sorted = [...errata].sort((a, b) => b.postDate.localeCompare(a.postDate));
  return (
    <div className="errata">
      <table className="errata__table">
        <caption className="visually-hidden">勘誤公告，依公告日期由新到舊排列</caption>
        <Thead columns={['章節', '標題', '勘誤內容', '公告日期', '檔案']} />
        <tbody>
          {sorted.map((e) => (
            <tr key={`${e.postDate}-${e.chapter}-${e.title}`}>
              <td data-label="章節">{e.chapter}</td>
              <th scope="row" data-label="標題">
                {e.title}
              </th>
              <td data-label="勘誤內容">
                {e.content.map((c) => (
                  <p key={c}>{c}</p>
                ))}
              </td>
              <td data-label="公告日期">
                <time dateTime={e.postDate}>{formatLongDate(e.postDate)}</time>
              </td>
              <td data-label="檔案">
                {e.file ? (
                  <a href={e.file} download aria-label={`下載勘誤檔案：${e.chapter}${e.title}`}>
                    下載
                  </a>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
