import { useDeferredValue, useId, useState } from 'react';
import type { BookFiles } from '../api/content-api';

const TYPE_LABEL: Record<string, string> = { pdf: 'PDF', docx: 'Word', odt: 'ODT', txt: '文字檔' };

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A book's companion files as a searchable table: 項次, 附件名稱, 下載. */
export function BookFilesTable({ book }: { book: BookFiles }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const rows = q ? book.files.filter((f) => f.name.toLowerCase().includes(q) || String(f.no) === q || f.type.includes(q)) : book.files;
  return (
    <div className="files-table">
      <div className="files-table__search">
        <label htmlFor={`${id}-q`} className="field__label">
          搜尋附件
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          placeholder="輸入附件名稱或項次，例如：申請書"
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="muted small" role="status" aria-live="polite">
          {q ? `找到 ${rows.length} 個附件（共 ${book.files.length} 個）` : `共 ${book.files.length} 個附件`}
        </p>
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">《{book.title}》附件清單</caption>
          <thead>
            <tr>
              <th scope="col" className="files-table__no">
                項次
              </th>
              <th scope="col">附件名稱</th>
              <th scope="col" className="files-table__dl">
                下載
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={3} className="muted">
                  沒有符合「{query.trim()}」的附件。
                </td>
              </tr>
            ) : (
              rows.map((f) => (
                <tr key={f.href}>
                  <td className="files-table__no">{String(f.no).padStart(2, '0')}</td>
                  <td>{f.name}</td>
                  <td className="files-table__dl">
                    <a className="btn btn--ghost btn--small" href={f.href} download aria-label={`下載 ${f.name}（${TYPE_LABEL[f.type] ?? f.type}，${kb(f.bytes)}）`}>
                      <img src={`/images/files/${f.type === 'pdf' ? 'pdf' : 'docx'}.png`} alt="" width="18" height="18" />
                      {TYPE_LABEL[f.type] ?? f.type}
                    </a>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
