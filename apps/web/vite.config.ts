import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (public files included), so
 * the server sends them as they are (`@fastify/static`'s `preCompressed`, apps/server/src/app.ts)
 * without compressing on each request. Files under 1 KB, and variants that save under a tenth, are
 * left out: the server then sends the file itself. index.html is not among them: the server sends
 * it with the start-up payload filled in, per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'chok-precompress',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true }))
        .filter((f) => COMPRESSIBLE.test(f) && !f.split(path.sep).some((part) => part.startsWith('.')))
        .map((f) => path.join(outDir, f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const bytes = await readFile(file);
          const variants: [string, Buffer][] = [
            [
              '.br',
              await br(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
            ],
            ['.gz', await gz(bytes, { level: constants.Z_BEST_COMPRESSION })],
          ];
          for (const [ext, packed] of variants) {
            if (packed.length <= bytes.length * 0.9) await writeFile(file + ext, packed);
          }
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx --outDir dist/server` (npm run build): the server's
        // renderer, one self-contained module tree (every dependency bundled), so it runs wherever
        // the build is put (WEB_DIST). The server never serves this folder (platform/member-site.ts).
        plugins: [react()],
        ssr: { noExternal: true, target: 'node' },
        // React's production build, as in the browser, whatever NODE_ENV the server runs under.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { emptyOutDir: true, copyPublicDir: false, sourcemap: false, minify: false },
      }
    : {
        plugins: [react(), precompress()],
        server: { proxy: { '/api': 'http://localhost:3000', '/games': 'http://localhost:3000' } },
        // The manifest lets `npm run bench -w @chok/web` add up exactly what `/` downloads, and the
        // server put a server-rendered page's own script and styles into its head.
        build: { outDir: 'dist', sourcemap: false, manifest: true },
      },
);
