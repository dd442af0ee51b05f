/**
 * The Vite plugin both browser apps build with (apps/web and apps/backoffice vite.config.ts).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (public files included), so
 * the server sends them as they are (`@fastify/static`'s `preCompressed`, apps/server/src/app.ts)
 * without compressing on each request. Files under 1 KB, and variants that save under a tenth, are
 * left out: the server then sends the file itself. index.html is not among them: the server sends
 * it with the start-up payload filled in, per request.
 */
export function precompress(): Plugin {
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
