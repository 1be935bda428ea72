import { useLoaderData } from 'react-router';
import type { FilesManifest } from '@/features/content/api/content-api';
import { ContentPage } from '@/features/content/components/content-page';
import { FilesIndex } from '@/features/content/components/files-index';
import '@/features/content/content.css';

export function Component() {
  const manifest = useLoaderData() as FilesManifest;
  return (
    <ContentPage
      title="檔案下載"
      description="青嶼出版書籍的附件下載：公司登記申請書範例、議事錄範本、營業稅申報範例與檢核表。"
      eyebrow="Downloads"
      lead="書中提到的範本與檢核表都在這裡，選擇書名即可搜尋與下載。"
    >
      <FilesIndex manifest={manifest} />
    </ContentPage>
  );
}
