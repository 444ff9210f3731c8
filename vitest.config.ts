import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@shared': here('./src/shared'), '@server': here('./src/server'), '@web': here('./src/web') },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each start their own in-memory PGlite, from a migrated template; two cores on CI.
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 2,
  },
});
