import { useRef, useState, type KeyboardEvent } from 'react';
import { BookPicture } from '@/components/book-picture';

const SIZES = '(max-width: 767px) calc(100vw - 2rem), 720px';

/**
 * Preview pages in a scroll-snap strip: swipe on a phone, arrow keys once the strip has focus,
 * or the previous/next and numbered buttons. Every page but the first loads lazily.
 */
export function PreviewGallery({ images, bookName }: { images: string[]; bookName: string }) {
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  // While a button or key scrolls the strip, the scroll events report the pages it passes on the
  // way; the page it is heading for stays current (a quick second click then moves on from there).
  const heading = useRef<{ to: number; at: number } | null>(null);
  const count = images.length;
  if (!count) return null;

  const go = (i: number) => {
    const el = track.current;
    const next = Math.max(0, Math.min(count - 1, i));
    setIndex(next);
    if (!el) return;
    heading.current = { to: next, at: Date.now() };
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ left: next * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const onScroll = () => {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    const page = Math.round(el.scrollLeft / el.clientWidth);
    const h = heading.current;
    if (h && Date.now() - h.at < 1500) {
      if (page === h.to) heading.current = null;
      return;
    }
    heading.current = null;
    setIndex(page);
  };

  return (
    <div className="gallery" role="group" aria-roledescription="圖庫" aria-label={`《${bookName}》內頁試閱`}>
      <ul ref={track} className="gallery__track" tabIndex={0} onKeyDown={onKeyDown} onScroll={onScroll} aria-label="試閱頁面，可用左右方向鍵切換">
        {images.map((src, i) => (
          <li key={src} className="gallery__slide" aria-label={`第 ${i + 1} 頁，共 ${count} 頁`} aria-current={i === index ? 'true' : undefined}>
            <BookPicture src={src} alt={`《${bookName}》試閱第 ${i + 1} 頁`} kind="preview" sizes={SIZES} />
          </li>
        ))}
      </ul>
      {count > 1 && (
        <div className="gallery__controls">
          <button type="button" className="gallery__nav" onClick={() => go(index - 1)} disabled={index === 0} aria-label="上一頁">
            ‹
          </button>
          <ol className="gallery__dots">
            {images.map((src, i) => (
              <li key={src}>
                <button type="button" className="gallery__dot" onClick={() => go(i)} aria-label={`第 ${i + 1} 頁`} aria-current={i === index ? 'true' : undefined} />
              </li>
            ))}
          </ol>
          <span className="gallery__count" aria-live="polite">
            {index + 1} / {count}
          </span>
          <button type="button" className="gallery__nav" onClick={() => go(index + 1)} disabled={index === count - 1} aria-label="下一頁">
            ›
          </button>
        </div>
      )}
    </div>
  );
}
