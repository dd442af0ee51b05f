/**
 * Lobby art for the in-house games, drawn as SVG (no text: names are rendered by the page in the
 * site's Thai font). Served at /games/art/<name>.svg. The games' own pictures in the catalogue are
 * WebP files of the member site drawn from copies of these drawings (apps/web/demo-art/game-art,
 * `npm run demo-images`, migration 073); the lobby banners and the provider logo stay here.
 */
const frame = (id: string, from: string, to: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">
<defs>
<linearGradient id="bg${id}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow${id}" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="gold${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe9a3"/><stop offset="0.5" stop-color="#f5b83d"/><stop offset="1" stop-color="#b9741c"/></linearGradient>
</defs>
<rect width="300" height="400" fill="url(#bg${id})"/>
<rect width="300" height="400" fill="url(#glow${id})"/>
<g opacity="0.12" fill="#fff">${Array.from({ length: 14 }, (_, i) => `<circle cx="${(i * 53) % 300}" cy="${(i * 97) % 400}" r="${2 + (i % 3)}"/>`).join('')}</g>
${body}
<rect x="0" y="300" width="300" height="100" fill="#000" opacity="0.28"/>
</svg>`;

const elephant = (g: string) => `
<g transform="translate(150 175)">
<circle r="92" fill="none" stroke="url(#gold${g})" stroke-width="6" opacity="0.9"/>
<path d="M-60 30 C-70 -30 -30 -70 15 -62 C60 -55 78 -20 70 20 L70 60 L50 60 L48 30 C38 38 20 40 5 36 L5 60 L-18 60 L-20 32 C-30 30 -40 26 -46 20 L-46 60 L-66 60 Z" fill="url(#gold${g})"/>
<path d="M-60 -6 C-92 6 -96 44 -82 70 C-80 76 -72 74 -74 68 C-84 46 -78 22 -58 16 Z" fill="url(#gold${g})"/>
<circle cx="-30" cy="-22" r="6" fill="#5b2a00"/>
<path d="M-8 -58 C10 -80 40 -78 54 -58 C36 -66 14 -64 -8 -58 Z" fill="#fff3c4" opacity="0.8"/>
<path d="M-40 -70 L-30 -96 L-20 -70 L-10 -100 L0 -70 Z" fill="#ffe08a" stroke="#b9741c" stroke-width="2"/>
</g>`;

const cards = (g: string) => `
<g transform="translate(150 180)">
<g transform="rotate(-14) translate(-40 0)"><rect x="-48" y="-70" width="96" height="136" rx="10" fill="#fff"/><text x="-36" y="-40" font-size="30" font-family="Georgia,serif" fill="#d11">A</text><path d="M0 -10 C-22 -36 -44 -6 0 26 C44 -6 22 -36 0 -10 Z" fill="#d11"/></g>
<g transform="rotate(12) translate(40 4)"><rect x="-48" y="-70" width="96" height="136" rx="10" fill="#fff"/><text x="-36" y="-40" font-size="30" font-family="Georgia,serif" fill="#111">K</text><path d="M0 -30 C-30 0 -40 20 -14 24 C-6 24 -2 20 0 16 C2 20 6 24 14 24 C40 20 30 0 0 -30 Z M-8 22 L8 22 L12 40 L-12 40 Z" fill="#111"/></g>
<circle cx="0" cy="92" r="22" fill="url(#gold${g})" stroke="#7a4a0c" stroke-width="3"/><circle cx="0" cy="92" r="13" fill="none" stroke="#7a4a0c" stroke-width="2" stroke-dasharray="4 3"/>
</g>`;

const fish = (g: string) => `
<g transform="translate(150 180)">
<path d="M-90 0 C-50 -60 40 -60 70 0 C40 60 -50 60 -90 0 Z" fill="url(#gold${g})"/>
<path d="M66 0 L110 -40 L100 0 L110 40 Z" fill="#f5b83d"/>
<circle cx="-52" cy="-8" r="9" fill="#fff"/><circle cx="-50" cy="-8" r="5" fill="#0b2942"/>
<path d="M-20 -30 C0 -10 0 10 -20 30 M4 -34 C24 -12 24 12 4 34 M28 -30 C44 -10 44 10 28 30" stroke="#b9741c" stroke-width="4" fill="none"/>
<g fill="#bff3ff" opacity="0.8"><circle cx="-100" cy="-70" r="8"/><circle cx="-80" cy="-96" r="5"/><circle cx="90" cy="-80" r="6"/><circle cx="110" cy="70" r="9"/></g>
<g stroke="#fff" stroke-width="3" opacity="0.85" fill="none"><circle cx="0" cy="0" r="120" stroke-dasharray="10 14"/><path d="M-130 0 L-110 0 M110 0 L130 0 M0 -130 L0 -110 M0 110 L0 130"/></g>
</g>`;

const ball = (g: string) => `
<g transform="translate(150 175)">
<ellipse cx="0" cy="96" rx="80" ry="12" fill="#000" opacity="0.3"/>
<circle r="82" fill="#fff"/>
<path d="M0 -30 L28 -10 L18 24 L-18 24 L-28 -10 Z" fill="#111"/>
<path d="M0 -30 L0 -82 M28 -10 L76 -28 M18 24 L48 66 M-18 24 L-48 66 M-28 -10 L-76 -28" stroke="#111" stroke-width="4"/>
<path d="M-20 -82 L20 -82 L0 -64 Z M60 -56 L82 -20 L64 -14 Z M-60 -56 L-82 -20 L-64 -14 Z M30 76 L60 56 L42 44 Z M-30 76 L-60 56 L-42 44 Z" fill="#111"/>
<circle r="82" fill="none" stroke="url(#gold${g})" stroke-width="6"/>
</g>`;

const coins = (g: string) => `
<g transform="translate(150 180)">${[-70, 0, 70]
  .map(
    (x, i) =>
      `<g transform="translate(${x} ${i === 1 ? -20 : 10})"><circle r="44" fill="url(#gold${g})" stroke="#7a4a0c" stroke-width="3"/><text y="16" text-anchor="middle" font-size="44" font-family="Georgia,serif" font-weight="700" fill="#7a4a0c">฿</text></g>`,
  )
  .join('')}</g>`;

const ART: Record<string, () => string> = {
  'golden-elephant': () => frame('e', '#7b1d1d', '#1a0505', elephant('e')),
  'baccarat-1': () => frame('b1', '#0f5132', '#04140c', cards('b1')),
  'baccarat-2': () => frame('b2', '#0b4f6c', '#03131c', cards('b2')),
  'baccarat-3': () => frame('b3', '#6a0f3a', '#16030c', cards('b3')),
  fishing: () => frame('f', '#0b5e8a', '#031826', fish('f')),
  'virtual-football': () => frame('v', '#2f7a1f', '#071a05', ball('v')),
  'provider-chok': () => frame('p', '#fe5354', '#5a0c0c', coins('p')),
};

const banner = (id: string, from: string, to: string, art: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 300" width="1200" height="300">
<defs><linearGradient id="bn${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<linearGradient id="gold${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe9a3"/><stop offset="0.5" stop-color="#f5b83d"/><stop offset="1" stop-color="#b9741c"/></linearGradient></defs>
<rect width="1200" height="300" fill="url(#bn${id})"/>
<g opacity="0.1" fill="#fff">${Array.from({ length: 30 }, (_, i) => `<circle cx="${(i * 137) % 1200}" cy="${(i * 71) % 300}" r="${3 + (i % 4)}"/>`).join('')}</g>
<g transform="translate(820 -40) scale(1.1)">${art}</g>
</svg>`;

const BANNERS: Record<string, () => string> = {
  'banner-all': () => banner('a', '#fe5354', '#3a0a0a', coins('a')),
  'banner-casino': () => banner('c', '#0f5132', '#06110c', cards('c')),
  'banner-slot': () => banner('s', '#7b1d1d', '#1a0505', elephant('s')),
  'banner-sport': () => banner('p', '#2f7a1f', '#061504', ball('p')),
  'banner-fishing': () => banner('f', '#0b5e8a', '#031826', fish('f')),
  'banner-freespin': () => banner('r', '#6b3fa0', '#140a22', coins('r')),
};

const cache = new Map<string, string>();
export function artOf(name: string): string | null {
  const make = ART[name] ?? BANNERS[name];
  if (!make) return null;
  let svg = cache.get(name);
  if (!svg) {
    svg = make();
    cache.set(name, svg);
  }
  return svg;
}
