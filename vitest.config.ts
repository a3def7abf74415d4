import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // scrypt runs on libuv's pool; files in parallel share the machine's two cores.
    pool: 'forks',
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
