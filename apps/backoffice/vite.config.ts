import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from '../../scripts/vite-chunk-modules.ts';
import { precompress } from '../../scripts/vite-precompress.ts';
import { preloadFonts } from '../../scripts/vite-preload-fonts.ts';

// The operator console, served by the same server under /backoffice (platform/backoffice-site.ts).
export default defineConfig({
  base: '/backoffice/',
  plugins: [
    react(),
    preloadFonts(/^assets\/kanit-(thai|latin)-400-normal-[\w-]+\.woff2$/),
    precompress(),
    chunkModules(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest (and .vite/modules.json, what each file holds) lets the bundle report and test add
  // up what the first screens download (scripts/bundle-report.mjs).
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
