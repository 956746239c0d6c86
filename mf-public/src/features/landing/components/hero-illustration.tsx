/** The hero's picture: a city block built from mosaic tiles. Inline SVG: no request, no layout shift. */
export function HeroIllustration() {
  const windows = (x: number, y: number, cols: number, rows: number, w = 14, h = 12, gap = 8) =>
    Array.from({ length: cols * rows }, (_, i) => {
      const c = i % cols;
      const r = Math.floor(i / cols);
      const lit = (c * 7 + r * 3) % 5 === 0;
      return (
        <rect
          key={`${x}-${y}-${i}`}
          x={x + c * (w + gap)}
          y={y + r * (h + gap)}
          width={w}
          height={h}
          rx={2}
          fill={lit ? '#FFD58A' : '#BFD6FF'}
          opacity={lit ? 0.95 : 0.55}
        />
      );
    });
  return (
    <svg
      viewBox="0 0 480 400"
      width="100%"
      height="100%"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1B4F9C" />
          <stop offset="1" stopColor="#0D2E5C" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="480" height="400" rx="28" fill="url(#hero-sky)" />
      <circle cx="382" cy="86" r="34" fill="#FFD58A" opacity="0.9" />
      {/* Mosaic tiles floating in, the brand's motif. */}
      <rect x="40" y="48" width="26" height="26" rx="5" fill="#FFFFFF" opacity="0.9" />
      <rect x="72" y="48" width="26" height="26" rx="5" fill="#FFFFFF" opacity="0.5" />
      <rect x="40" y="80" width="26" height="26" rx="5" fill="#FFFFFF" opacity="0.5" />
      <rect x="72" y="80" width="26" height="26" rx="5" fill="#FFFFFF" opacity="0.25" />
      <rect x="60" y="150" width="110" height="220" rx="6" fill="#2C6BC9" />
      {windows(74, 166, 4, 9)}
      <rect x="185" y="100" width="120" height="270" rx="6" fill="#3D7FE0" />
      {windows(199, 116, 4, 11, 16)}
      <rect x="320" y="190" width="110" height="180" rx="6" fill="#2C6BC9" />
      {windows(334, 206, 4, 7)}
      <rect x="20" y="366" width="440" height="10" rx="5" fill="#0A1A2F" opacity="0.5" />
      <g transform="translate(300 260)">
        <rect x="0" y="0" width="150" height="86" rx="14" fill="#FFFFFF" />
        <text x="16" y="30" fontFamily="Inter, system-ui, sans-serif" fontSize="13" fill="#4A5568">
          Annual return
        </text>
        <text x="16" y="62" fontFamily="Inter, system-ui, sans-serif" fontSize="26" fontWeight="700" fill="#0A2540">
          8.4%
        </text>
        <rect x="104" y="44" width="10" height="20" rx="2" fill="#9CC3FF" />
        <rect x="118" y="36" width="10" height="28" rx="2" fill="#5E97EA" />
        <rect x="132" y="26" width="10" height="38" rx="2" fill="#0D47A1" />
      </g>
    </svg>
  );
}
