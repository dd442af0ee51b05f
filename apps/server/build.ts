/**
 * Bundles the server for `npm start` and `npm run staff` (scripts/build.ts runs this when the
 * sources changed): src/main.ts and src/cli/staff.ts into dist/ as ES modules, with the workspace
 * packages (@chok/contract, @chok/engine) inside and every npm package left to node_modules. Node
 * then loads two files instead of compiling some four hundred TypeScript modules at every start
 * (docs/decisions/0071-server-bundle.md). Source maps keep stack traces pointing at src/.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    staff: 'src/cli/staff.ts',
    backup: 'src/cli/backup.ts',
    // The live-feed process (src/platform/feed-process.ts, SSE_PROCESS).
    feed: 'src/platform/feed-child.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      // npm packages stay outside the bundle (resolved from node_modules at run time, as under
      // tsx); the workspace packages are TypeScript source and go in.
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@chok/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
