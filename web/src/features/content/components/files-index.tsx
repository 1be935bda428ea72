import { Link } from 'react-router';
import type { FilesManifest } from '../api/content-api';

export function FilesIndex({ manifest }: { manifest: FilesManifest }) {
  return (
    <ul className="files-books">
      {manifest.books.map((b) => (
        <li key={b.book} className="files-book card">
          <img src="/images/files/folder.png" alt="" width="56" height="56" />
          <div>
            <h2 className="files-book__title">
              <Link to={`/file/${b.book}`}>{b.title}</Link>
            </h2>
            <p className="muted">{b.description}</p>
            <p className="small">
              <span className="badge">{b.files.length} 個附件</span> <span className="muted">版本 {b.version}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
