// A campaign's banner named as /images/banner/<name>.jpg (or .png) has <name>.avif and <name>.webp beside
// it in the built site (scripts/lib/banner-images.mjs writes them at every build; keep the pattern in
// step with BANNER_SOURCE there). Other addresses are used as they are.
const LOCAL = /^(\/images\/banner\/[A-Za-z0-9_-]+)\.(jpe?g|png)$/;

export interface BannerSources {
  avif: string;
  webp: string;
}

export function bannerSources(src: string): BannerSources | null {
  const m = LOCAL.exec(src);
  return m ? { avif: `${m[1]}.avif`, webp: `${m[1]}.webp` } : null;
}
