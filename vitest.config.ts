import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          // Run with --no-isolate (scripts/test.mjs): these files share one module cache per worker,
          // so the engine, Kysely, zod and the drivers are imported once per worker instead of once
          // per file, which was most of the suite's time. Each builds its own server, database and
          // clock, so nothing else carries over; a file that must see a module load for the first
          // time resets the cache itself (webauthn-library.test.ts).
          name: 'node',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
            'e2e/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        // Isolated: each component test renders into a DOM of its own and mocks modules (the API
        // client, the product settings, the browser's WebAuthn calls) that another file must see real.
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
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
