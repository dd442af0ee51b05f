import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { preloadFonts } from '../../scripts/vite-preload-fonts.ts';

// The operator console, served by the same server under /backoffice (platform/backoffice-site.ts).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), preloadFonts(/^assets\/kanit-(thai|latin)-400-normal-[\w-]+\.woff2$/), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets the bundle test add up what the first screen downloads.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
