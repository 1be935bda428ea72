import { useEffect } from 'react';

const SHOP = '青嶼書房';

/** Sets the page's title and meta description. */
export function useDocumentMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title}｜${SHOP}` : `${SHOP}｜專業實務書與團購`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
