/**
 * The member site's Latin letters of Kanit, cut to what the site prints (`npm run fonts`): writes
 * apps/web/src/styles/fonts/kanit-latin-{300,400,500}.woff2 from @fontsource/kanit's Latin files
 * and apps/web/src/styles/fonts/kanit-latin.css, their `@font-face` rules with a `unicode-range` of
 * exactly the characters kept. The files are checked in; run this after changing LATIN below or
 * updating @fontsource/kanit. Needs fontTools with Brotli (Debian: `apt-get install
 * python3-fonttools python3-brotli`).
 *
 * Why: the six Kanit files were 104 KB of a first visit's ~250 KB, and the Latin ones carry about 230
 * characters (accented letters, arrows, currency signs) of which the site prints ASCII and a dozen
 * signs: 19 KB each before, 12 KB after (docs/benchmarks.md, "the main thread of a phone"). A character
 * outside the range (a member's name with an accent, say) is drawn in the fallback font, as any
 * character Kanit does not have is. The Thai files stay as @fontsource ships them: the site writes all
 * of Thai.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { biomeFormat } from './biome-format.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'node_modules/@fontsource/kanit/files');
const OUT = path.join(ROOT, 'apps/web/src/styles/fonts');
const WEIGHTS = [300, 400, 500] as const;

/**
 * What the site prints besides Thai: ASCII, the no-break space, § © ± · ×, the dashes, the curly
 * quotes, the bullet, the ellipsis, ‹ › and the minus sign.
 */
export const LATIN = [
  'U+0020-007E',
  'U+00A0',
  'U+00A7',
  'U+00A9',
  'U+00B1',
  'U+00B7',
  'U+00D7',
  'U+2013-2014',
  'U+2018-201D',
  'U+2022',
  'U+2026',
  'U+2039-203A',
  'U+2212',
];

const python = process.env.PYTHON ?? '/usr/bin/python3';
mkdirSync(OUT, { recursive: true });
const faces: string[] = [];
for (const weight of WEIGHTS) {
  const source = path.join(SOURCE, `kanit-latin-${weight}-normal.woff2`);
  const file = `kanit-latin-${weight}.woff2`;
  const run = spawnSync(
    python,
    [
      '-m',
      'fontTools.subset',
      source,
      `--unicodes=${LATIN.join(',')}`,
      '--flavor=woff2',
      '--layout-features=*',
      `--output-file=${path.join(OUT, file)}`,
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) {
    console.error(run.stderr || run.error?.message);
    console.error('fontTools with Brotli is needed: apt-get install python3-fonttools python3-brotli');
    process.exit(1);
  }
  const before = statSync(source).size;
  const after = statSync(path.join(OUT, file)).size;
  console.log(`${file}: ${(before / 1024).toFixed(1)} → ${(after / 1024).toFixed(1)} KB`);
  faces.push(
    `@font-face {\n  font-family: 'Kanit';\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${weight};\n  src: url(./${file}) format('woff2');\n  unicode-range: ${LATIN.join(', ')};\n}`,
  );
}
const css = path.join(OUT, 'kanit-latin.css');
writeFileSync(
  css,
  await biomeFormat(
    `/* Written by \`npm run fonts\` (scripts/fonts.ts): Kanit's Latin letters, cut to what the site prints. */\n${faces.join('\n')}\n`,
    css,
  ),
);
