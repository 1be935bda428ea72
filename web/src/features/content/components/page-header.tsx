import type { ReactNode } from 'react';

/** The title block of a content page: an eyebrow, the h1 and a lead paragraph, with an optional picture. */
export function PageHeader({ eyebrow, title, lead, image }: { eyebrow?: string; title: string; lead?: ReactNode; image?: { src: string; width: number; height: number } }) {
  return (
    <header className={`content-head${image ? ' content-head--image' : ''}`}>
      <div>
        {eyebrow && <p className="content-head__eyebrow">{eyebrow}</p>}
        <h1 id="page-title">{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
      {image && <img className="content-head__image" src={image.src} alt="" width={image.width} height={image.height} />}
    </header>
  );
}
