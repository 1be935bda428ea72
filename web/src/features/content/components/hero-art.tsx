/** The home banner, inline so the first render needs no image request (it is the phone's LCP). */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 480 360" width="480" height="360" aria-hidden="true" focusable="false">
        <defs>
        <linearGradient id="home-hero-sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#e4eeee" />
        <stop offset="1" stopColor="#faf7f2" />
        </linearGradient>
        </defs>
        <rect width="480" height="360" rx="28" fill="url(#home-hero-sky)" />
        <circle cx="360" cy="86" r="38" fill="#f3d9a4" />
        <path d="M40 236c40-54 84-92 124-92 30 0 52 28 78 58 26-40 58-72 92-72 40 0 76 46 106 106z" fill="#2f5d62" opacity=".85" />
        <path d="M130 236c30-30 56-48 82-48 22 0 40 16 60 48z" fill="#22464a" />
        <path d="M0 250c40-14 80-14 120 0s80 14 120 0 80-14 120 0 80 14 120 0v110H0z" fill="#c8dcdc" />
        <path d="M30 270c30-10 60-10 90 0s60 10 90 0m40 10c30-10 60-10 90 0s60 10 90 0" fill="none" stroke="#faf7f2" strokeWidth="4" strokeLinecap="round" />
        <g transform="translate(150 212)">
        <rect x="0" y="60" width="190" height="26" rx="4" fill="#a04b12" />
        <rect x="12" y="34" width="170" height="26" rx="4" fill="#2f5d62" />
        <rect x="-4" y="8" width="176" height="26" rx="4" fill="#c8963e" />
        <rect x="6" y="66" width="120" height="4" rx="2" fill="#fbeee4" />
        <rect x="22" y="40" width="96" height="4" rx="2" fill="#e4eeee" />
        <rect x="6" y="14" width="110" height="4" rx="2" fill="#fff8e8" />
        <path d="M92 8c10-30 34-44 64-46-4 20-18 38-40 46z" fill="#4d8b6f" />
        <path d="M96 6c12-18 28-30 46-36" stroke="#22464a" strokeWidth="2" fill="none" />
        </g>
    </svg>
  );
}
