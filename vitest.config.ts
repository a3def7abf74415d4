import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'e2e/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Chosen, not defaulted: Vitest's default (CPUs - 1) is one fork on this project's 2-core
    // machines, which then idles while tests wait on sockets, PostgreSQL, SMTP and Chromium. Since
    // tests hash passwords cheaply (testing/cheap-password-hasher.ts), two forks keep both cores
    // busy; the process and browser suites' time limits allow for a loaded machine.
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
