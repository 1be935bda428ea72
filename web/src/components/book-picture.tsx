import { imageSources } from '@/lib/book-image';

/**
 * Marks a page's leading picture for the Element Timing API: the boot script (web/src/boot.ts) fetches the
 * app once every such picture is on the screen, so that the app's scripts do not share the network and the
 * main thread with the page's largest paint.
 */
export const LEAD_PICTURE = { elementtiming: 'lead' } as Record<string, string>;

export interface BookPictureProps {
  src: string;
  alt: string;
  kind: 'cover' | 'preview';
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The page's main image: loaded eagerly with high priority; every other image waits (lazy). */
  priority?: boolean;
  className?: string;
  /** Hide the image when it fails to load (a card whose cover box shows the title instead). */
  hideOnError?: boolean;
}

/**
 * A book image in AVIF or WebP where the browser takes them, JPEG otherwise, at the width it needs: the
 * book page, the lists, the home page's featured books and a campaign's covers all show books this way.
 */
export function BookPicture({ src, alt, kind, sizes, priority = false, className, hideOnError = false }: BookPictureProps) {
  const s = imageSources(src, kind);
  return (
    <picture className={className}>
      {s.avif && <source type="image/avif" srcSet={s.avif} sizes={sizes} />}
      {s.webp && <source type="image/webp" srcSet={s.webp} sizes={sizes} />}
      <img
        src={s.src}
        srcSet={s.jpeg}
        sizes={s.jpeg ? sizes : undefined}
        alt={alt}
        width={s.width}
        height={s.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        {...(priority ? LEAD_PICTURE : {})}
        onError={
          hideOnError
            ? (e) => {
                e.currentTarget.hidden = true;
              }
            : undefined
        }
      />
    </picture>
  );
}
