import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  plugins: [react(), tailwindcss()],
  // Import aliases (docs/decisions/0009-web-import-alias.md); the same map is in web/tsconfig.json,
  // vitest.config.ts and eslint.config.js.
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@contract': path.resolve(import.meta.dirname, '../contract'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
