import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000', '/games': 'http://localhost:3000' } },
  // The manifest lets `npm run bench -w @chok/web` add up exactly what `/` downloads.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
