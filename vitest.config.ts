import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // scrypt runs on libuv's pool; files in parallel share the machine's two cores.
    pool: 'forks',
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
