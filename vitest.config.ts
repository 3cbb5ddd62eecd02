import { defineConfig } from 'vitest/config';
import path from 'node:path';

// Two projects: `unit` needs nothing but Node; `db` runs against a fresh PGlite per file, or against
// PostgreSQL when DATABASE_URL is set (CI runs it both ways).
export default defineConfig({
  // The web app's import aliases (as in web/vite.config.ts), for web unit tests.
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'web/src'),
      '@contract': path.resolve(import.meta.dirname, 'contract'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'engine/**/*.test.ts',
            'bench/**/*.test.ts',
            'scenes/**/*.test.ts',
            'web/src/**/*.test.ts',
            'server/src/**/*.test.ts',
          ],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['server/**/*.test.ts'],
          exclude: ['server/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
