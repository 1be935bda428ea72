import { Link, useLoaderData } from 'react-router';
import type { BookFiles } from '@/features/content/api/content-api';
import { BookFilesTable } from '@/features/content/components/book-files-table';
import { PageHeader } from '@/features/content/components/page-header';
import '@/features/content/content.css';
import { useDocumentMeta } from '@/lib/use-document-title';

// The loader (router.tsx) finds the book in the files manifest; an unknown one is the 404 screen.
export function Component() {
  const book = useLoaderData() as BookFiles;
  useDocumentMeta(`${book.title} 檔案下載`, `《${book.title}》的 ${book.files.length} 個附件：${book.description}`);
  return (
    <div className="page page--medium">
      <nav aria-label="麵包屑" className="breadcrumb">
        <Link to="/file">檔案下載</Link> <span aria-hidden="true">›</span> <span aria-current="page">{book.title}</span>
      </nav>
      <PageHeader title={`《${book.title}》附件`} lead={book.description} />
      <BookFilesTable book={book} />
      <p className="muted small files-note">
        檔案版本 {book.version}，更新於 {book.updatedAt}。Word 檔可用 Microsoft Word、LibreOffice 或 Google 文件開啟。
        <Link to={`/bookstore/${book.productId}`}>查看這本書</Link>
      </p>
    </div>
  );
}
