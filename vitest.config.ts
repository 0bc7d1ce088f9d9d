import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One runner, five projects: unit (pure modules), build (one production build of the portal, checked
// against the first-load budget), portal (jsdom + MSW), api (app.inject on PGlite, or PostgreSQL when
// DATABASE_URL is set), e2e (Debian's Chromium against a real `npm start`).
const BUILD_TESTS = ['tests/unit/bundle-budget.test.ts'];
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The workers
    // wait on the database, the browser and the server as much as they compute, so use every core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...BUILD_TESTS],
          // a few files load a large package inside a test (drizzle-kit's API: 6.8 s in a CI run, beside
          // the browser lane): the 5 s default cut one short; a pure module's test still ends in ms
          testTimeout: 30_000,
        },
      },
      {
        // a whole `vite build` (about 10 s): kept out of the quick unit project
        test: {
          name: 'build',
          environment: 'node',
          include: BUILD_TESTS,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'portal',
          environment: 'jsdom',
          include: ['tests/portal/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/portal/setup.ts'],
          // the files of a worker share one module graph (react-admin and MUI load once per worker, not
          // once per file: most of this project's time); setup.ts gives each file fresh mocks
          isolate: false,
          testTimeout: 20_000,
          // resetting and seeding the world before each test: at the 10 s default a busy machine cut it
          // short, and the cut hook kept running beside the next one (duplicate rows, doubled requests)
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // each file builds its own app and database; the server's modules load once per worker
          isolate: false,
          testTimeout: 30_000,
          // a file's setup makes a database (and often an app): on a slow host, loaded by the browser
          // lane beside it, one fresh embedded database took over 60 s (docs/performance.md)
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // two files at a time, each with its own server, data folder, port and Chromium: a file
          // mostly waits on its pages, and one at a time left this lane the longest of `npm test`
          // (global-setup.ts builds what they share first; harness.ts lets one prepare a shared folder)
          maxWorkers: 2,
        },
      },
    ],
  },
});
