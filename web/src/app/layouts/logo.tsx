/** The shop's mark: an open book whose pages rise into a green islet (青嶼) over a golden wave. */
export function LogoMark({ className = 'brand__mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2f5d62" />
      <path d="M10 44c7-3 14-3 22 1 8-4 15-4 22-1V22c-7-3-14-3-22 1-8-4-15-4-22-1z" fill="#faf7f2" />
      <path d="M32 23v22" stroke="#2f5d62" strokeWidth="2" />
      <path d="M15 35c3-6 6-9 9-9 2 0 3 2 5 5l-14 4zm21 0c2-4 5-8 8-8 2 0 4 3 5 7z" fill="#2f5d62" opacity=".8" />
      <path d="M10 51c4-2 8-2 11 0s7 2 11 0 8-2 11 0 7 2 11 0" fill="none" stroke="#c8963e" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ suffix }: { suffix?: string }) {
  return (
    <>
      <LogoMark />
      <span className="brand__text">
        <span className="brand__name">
          青嶼書房{suffix ? <span className="brand__suffix"> {suffix}</span> : null}
        </span>
        <span className="brand__tag" aria-hidden="true">
          QINGYU BOOKS
        </span>
      </span>
    </>
  );
}
