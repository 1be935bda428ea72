import type { CoverRenderer } from '@/features/group-buying/components/plan-book-card';
import { BookPicture } from '@/components/book-picture';

// The campaign pages show the catalogue's responsive covers; composed here, in the app layer,
// so the two features do not import each other.
export const groupBookCover: CoverRenderer = ({ src, alt }) => <BookPicture src={src} alt={alt} kind="cover" sizes="(min-width: 480px) 120px, 84px" />;
