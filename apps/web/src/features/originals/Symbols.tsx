import type { ReactNode } from 'react';

/** ช้างทอง's symbols drawn inline (no images, no emoji fonts needed). */
const GOLD = 'url(#sg)';

function Art({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 100 100" width="100%" height="100%" aria-hidden="true">
      <defs>
        <linearGradient id="sg" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffeaa6" />
          <stop offset="0.55" stopColor="#f5b83d" />
          <stop offset="1" stopColor="#b9741c" />
        </linearGradient>
      </defs>
      {children}
    </svg>
  );
}

const letter = (ch: string, color: string) => (
  <Art>
    <text
      x="50"
      y="70"
      textAnchor="middle"
      fontSize="60"
      fontWeight="700"
      fontFamily="Georgia, serif"
      fill={color}
      stroke="#00000055"
      strokeWidth="2"
    >
      {ch}
    </text>
  </Art>
);

export const SYMBOL_ART: Record<string, ReactNode> = {
  W: (
    <Art>
      <rect x="6" y="28" width="88" height="44" rx="10" fill={GOLD} stroke="#7a4a0c" strokeWidth="3" />
      <text
        x="50"
        y="61"
        textAnchor="middle"
        fontSize="26"
        fontWeight="800"
        fontFamily="Georgia, serif"
        fill="#5b2a00"
      >
        ไวลด์
      </text>
    </Art>
  ),
  S: (
    <Art>
      <circle cx="50" cy="50" r="40" fill="#6b3fa0" stroke={GOLD} strokeWidth="5" />
      <path d="M50 20 L58 42 L81 42 L62 56 L70 78 L50 64 L30 78 L38 56 L19 42 L42 42 Z" fill={GOLD} />
    </Art>
  ),
  H1: (
    <Art>
      <path
        d="M22 62 C18 36 36 20 56 22 C76 24 84 40 80 58 L80 80 L70 80 L69 66 C62 70 54 71 46 69 L46 80 L35 80 L34 68 C30 67 27 65 24 62 Z"
        fill={GOLD}
      />
      <path d="M24 48 C8 54 8 74 15 86 C17 89 21 87 20 84 C15 74 17 62 26 58 Z" fill={GOLD} />
      <circle cx="38" cy="42" r="3.5" fill="#5b2a00" />
    </Art>
  ),
  H2: (
    <Art>
      <path
        d="M16 72 L12 34 L32 50 L50 22 L68 50 L88 34 L84 72 Z"
        fill={GOLD}
        stroke="#7a4a0c"
        strokeWidth="3"
      />
      <rect x="16" y="72" width="68" height="10" rx="3" fill="#b9741c" />
      <circle cx="50" cy="58" r="6" fill="#e0245e" />
    </Art>
  ),
  H3: (
    <Art>
      <path d="M28 20 L72 20 L90 42 L50 88 L10 42 Z" fill="#2ec4e8" stroke="#e9fbff" strokeWidth="3" />
      <path
        d="M10 42 L90 42 M28 20 L40 42 L50 88 L60 42 L72 20"
        stroke="#bff3ff"
        strokeWidth="2"
        fill="none"
      />
    </Art>
  ),
  M1: (
    <Art>
      <circle cx="50" cy="50" r="38" fill={GOLD} stroke="#7a4a0c" strokeWidth="4" />
      <text
        x="50"
        y="66"
        textAnchor="middle"
        fontSize="44"
        fontWeight="700"
        fill="#7a4a0c"
        fontFamily="Georgia, serif"
      >
        ฿
      </text>
    </Art>
  ),
  M2: (
    <Art>
      {[0, 60, 120, 180, 240, 300].map((a) => (
        <ellipse
          key={a}
          cx="50"
          cy="30"
          rx="12"
          ry="22"
          fill="#ff7aa8"
          stroke="#ffd1e1"
          strokeWidth="2"
          transform={`rotate(${a} 50 50)`}
        />
      ))}
      <circle cx="50" cy="50" r="11" fill={GOLD} />
    </Art>
  ),
  L1: letter('A', '#ff5d5d'),
  L2: letter('K', '#4fb3ff'),
  L3: letter('Q', '#39d98a'),
};

export const SYMBOL_NAMES: Record<string, string> = {
  W: 'ไวลด์',
  S: 'สแกตเตอร์',
  H1: 'ช้างทอง',
  H2: 'มงกุฎ',
  H3: 'เพชร',
  M1: 'เหรียญ',
  M2: 'ดอกบัว',
  L1: 'A',
  L2: 'K',
  L3: 'Q',
};
