/**
 * Vite plugin: writes `.vite/modules.json` beside the build's manifest, naming the modules each
 * script of the build holds (`src/app/Layout.tsx`, `node_modules/sonner/…`) and the size of each as bundled
 * (bytes before minifying: a measure of weight, not of what is sent). The manifest says which files a screen loads; this says what is in them,
 * so a test can tell that a library landed in the first screen (apps/server/test/backoffice.test.ts:
 * the console's login screen) and a bundle report can name what weighs most.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export type ChunkModules = Record<string, { id: string; bytes: number }[]>;

export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'chok-chunk-modules',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkModules = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[file] = Object.entries(output.modules)
          .map(([id, m]) => ({
            // Paths relative to the app (`src/…`, `../../node_modules/react-dom/…` → `node_modules/…`).
            id: path
              .relative(root, id.replace(/^\0/, '').split('?')[0]!)
              .replaceAll(path.sep, '/')
              .replace(/^(\.\.\/)+(?=node_modules\/)/, ''),
            bytes: m.renderedLength,
          }))
          .filter((m) => m.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}
