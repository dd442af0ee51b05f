import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The operator console, served by the same server under /backoffice (platform/backoffice-site.ts).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets the bundle test add up what the first screen downloads.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
