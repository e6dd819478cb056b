import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'server-unit', include: ['apps/server/src/**/*.test.ts'] } },
      // Checks of the web app's sources that need no browser (the end-to-end suite covers the rest).
      { test: { name: 'web-unit', include: ['apps/web/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server-api',
          include: ['apps/server/test/api/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database copy; two at a time fit this machine's 2 cores.
          maxWorkers: 2,
          // The files share a worker's module cache: each builds its own app on its own database copy and
          // nothing mocks modules, so isolation bought nothing but re-importing the server for every file
          // (about 9 of the 20 minutes of a run on a loaded 2-core machine).
          isolate: false,
          // Its own group, so that it can run in one command with the unit projects (which use every core).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
