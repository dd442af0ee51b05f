import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { preloadFonts } from '../../scripts/vite-preload-fonts.ts';

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
        // The six Kanit files of src/main.tsx (Thai from @fontsource, Latin cut by scripts/fonts.ts):
        // every page's text needs them.
        plugins: [
          react(),
          preloadFonts(/^assets\/kanit-(thai-(300|400|500)-normal|latin-(300|400|500))-[\w-]+\.woff2$/),
          precompress(),
        ],
        server: { proxy: { '/api': 'http://localhost:3000', '/games': 'http://localhost:3000' } },
        // The manifest lets `npm run bench -w @chok/web` add up exactly what `/` downloads, and the
        // server put a server-rendered page's own script and styles into its head.
        build: {
          outDir: 'dist',
          // For profiling a page load only (names and lines to read): WEB_SOURCEMAP=1, WEB_NOMINIFY=1.
          sourcemap: !!process.env.WEB_SOURCEMAP,
          minify: !process.env.WEB_NOMINIFY,
          manifest: true,
          // Everything the entry loads at start goes into two files: React DOM (with its scheduler),
          // which changes only when React does and so stays in a returning member's cache across
          // deploys, and the rest of the entry. Left to itself the bundler split it into ten files
          // (React, the query client, the api helpers… each shared with some lazy page), ten requests
          // before the first page could run. The pages stay lazy chunks of their own.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
                  { name: 'app', tags: ['$initial'], priority: 1 },
                ],
              },
            },
          },
        },
      },
);
