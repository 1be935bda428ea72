/** The text side of a book (a card, the book page) while it loads: the title if asked, two lines, the button. */
export function BookTextSkeleton({ className, title = false }: { className: string; title?: boolean }) {
  return (
    <div className={className}>
      {title ? <div className="skeleton skeleton--title" /> : null}
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="skeleton skeleton--button" />
    </div>
  );
}
