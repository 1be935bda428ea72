// The book images in web/public/images/books/<id>/ come as <name>.jpg plus <name>-<w>.{avif,webp,jpg}
// (scripts/book-images.mjs draws them; keep the widths in step). Other addresses are used as they are.
export const COVER = { width: 720, height: 1080, widths: [240, 480, 720] } as const;
export const PREVIEW = { width: 1200, height: 800, widths: [640, 800, 1200] } as const;

const LOCAL = /^(\/images\/books\/[A-Za-z0-9_-]+\/(cover|preview-\d+))\.jpg$/;

export interface ImageSources {
  src: string;
  avif?: string;
  webp?: string;
  jpeg?: string;
  width: number;
  height: number;
}

export function imageSources(src: string, kindName: 'cover' | 'preview'): ImageSources {
  const m = LOCAL.exec(src);
  const kind = kindName === 'cover' ? COVER : PREVIEW;
  if (!m) return { src, width: kind.width, height: kind.height };
  const base = m[1];
  const set = (ext: string) => kind.widths.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  return { src, avif: set('avif'), webp: set('webp'), jpeg: set('jpg'), width: kind.width, height: kind.height };
}
