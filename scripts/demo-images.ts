/**
 * The demo's pictures (`npm run demo-images`): draws each drawing of apps/web/demo-art (SVG, its
 * text in Kanit) in Debian's Chromium and writes it as a WebP picture to apps/web/public, where
 * the demo seed points (`/demo/…`, `/shop/…`). The pictures are checked in; run this after
 * changing a drawing.
 *
 * Why pictures and not the drawings themselves: a browser opens every SVG image as a document of its
 * own, and one with text has to find a font for it and lay its Thai text out. On the home page of a
 * phone that came to about a tenth of a second of the main thread per load, more than the page's own
 * layout (docs/benchmarks.md, "the main thread of a phone"). An operator's banners are pictures too.
 *
 *   CHROMIUM_PATH  the browser (default /usr/bin/chromium)
 *   WEBP_QUALITY   0–100 (default 80)
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../e2e/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ART = path.join(ROOT, 'apps/web/demo-art');
const PUBLIC = path.join(ROOT, 'apps/web/public');
const FONTS = path.join(ROOT, 'node_modules/@fontsource/kanit/files');
const QUALITY = Number(process.env.WEBP_QUALITY ?? 80);

/** Kanit's Thai and Latin files for the weights the drawings use. */
function fontFaces(): string {
  return [300, 400, 500, 700]
    .flatMap((weight) =>
      ['thai', 'latin'].map((subset) => {
        const url = pathToFileURL(path.join(FONTS, `kanit-${subset}-${weight}-normal.woff2`)).href;
        return `@font-face{font-family:Kanit;font-weight:${weight};src:url(${url})format("woff2")}`;
      }),
    )
    .join('');
}

/** The drawing's own size, from its root element's width and height. */
function sizeOf(svg: string, file: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\bwidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\bheight="(\d+)"/.exec(root)?.[1]);
  if (!width || !height) throw new Error(`${file}: the <svg> element needs a width and a height in pixels`);
  return { width, height };
}

const browserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
await ensureChromium(browserPath, ['chromium', 'fonts-thai-tlwg']);
const browser = await chromium.launch({
  executablePath: browserPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  // Rounded corners stay transparent.
  await cdp.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
  const scratch = path.join(ART, '.page.html');
  for (const folder of readdirSync(ART, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const name of readdirSync(path.join(ART, folder.name)).filter((f) => f.endsWith('.svg'))) {
      const file = path.join(ART, folder.name, name);
      const svg = readFileSync(file, 'utf8');
      const { width, height } = sizeOf(svg, file);
      writeFileSync(scratch, `<!doctype html><style>${fontFaces()}html,body{margin:0}</style>${svg}`);
      await page.setViewportSize({ width, height });
      await page.goto(pathToFileURL(scratch).href);
      await page.evaluate('document.fonts.ready');
      const { data } = await cdp.send('Page.captureScreenshot', {
        format: 'webp',
        quality: QUALITY,
        clip: { x: 0, y: 0, width, height, scale: 1 },
      });
      const out = path.join(PUBLIC, folder.name, name.replace(/\.svg$/, '.webp'));
      mkdirSync(path.dirname(out), { recursive: true });
      const bytes = Buffer.from(data, 'base64');
      writeFileSync(out, bytes);
      console.log(`${path.relative(ROOT, out)}  ${width}×${height}  ${(bytes.length / 1024).toFixed(1)} KB`);
    }
  }
  rmSync(scratch, { force: true });
} finally {
  await browser.close();
}
