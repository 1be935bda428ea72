import type { ComponentProps, ReactNode } from 'react';
import { useDocumentMeta } from '@/lib/use-document-title';
import { PageHeader } from './page-header';

/**
 * A page of the shop's own words (FAQ, shopping guide, contact, downloads): one title for the browser
 * tab and the page's h1, the description for search results, then the page's body.
 */
export function ContentPage({
  title,
  description,
  className = 'page page--medium',
  children,
  ...header
}: ComponentProps<typeof PageHeader> & { description: string; className?: string; children: ReactNode }) {
  useDocumentMeta(title, description);
  return (
    <div className={className}>
      <PageHeader title={title} {...header} />
      {children}
    </div>
  );
}
