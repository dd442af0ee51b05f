/**
 * Vite plugin both browser apps build with: `<link rel="preload" as="font">` in index.html for the
 * font files every page of the app uses (`files` matches their names in the build, e.g.
 * `assets/kanit-thai-400-normal-<hash>.woff2`).
 *
 * Without it the browser asks for a font only when its first style pass finds text that needs it,
 * so the page is laid out with the fallback font, then laid out and shaped again as each file
 * arrives. With the requests sent while the HTML is parsed, the files are usually there before the
 * first layout: measured in headless Chromium on the member site's `/` and `/lotto/lobby` at a
 * phone's size, layout fell from 100–120 ms to 40–50 ms per load, the same as with no web font at
 * all (docs/decisions/0070-test-run.md, "Sixth round").
 */
import type { Plugin } from 'vite';

export function preloadFonts(files: RegExp): Plugin {
  let base = '/';
  return {
    name: 'chok-preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.keys(ctx.bundle ?? {})
          .filter((file) => files.test(file))
          .sort()
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: `${base}${file}`,
            },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
