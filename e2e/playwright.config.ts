import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BROWSER_TIME_ZONE } from './support/dates';

/**
 * End-to-end tests in Debian's Chromium against the real server on a fresh embedded database.
 * With E2E_BASE_URL set, the tests use that server instead of starting one (set E2E_DATA_DIR to its
 * DATA_DIR so that the mail tests can read the outbox). E2E_PORT and E2E_WEB_DIST let several runs share a
 * machine (each with its own port and its own web build). E2E_ORDER=reverse runs the spec files last to first
 * (one project each, run in the order listed by the single worker), to show that each stands alone.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const externalServer = process.env.E2E_BASE_URL;
const port = process.env.E2E_PORT ?? '3100';
const baseURL = externalServer ?? `http://127.0.0.1:${port}`;

// Created once by the runner process; workers inherit the variable and reuse the same folder.
if (!process.env.E2E_DATA_DIR && !externalServer) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'edc-e2e-'));
}

const specFiles = fs
  .readdirSync(path.join(repoRoot, 'e2e', 'tests'))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort()
  .reverse();
const reversed = process.env.E2E_ORDER === 'reverse' ? specFiles.map((file) => ({ name: file, testMatch: file })) : undefined;

export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  ...(reversed ? { projects: reversed } : {}),
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'ru-RU',
    timezoneId: BROWSER_TIME_ZONE,
    // DOM snapshots of a failed test, without the screencast: recording its frames cost 40 % of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: externalServer
    ? undefined
    : {
        command: 'npm run start -w apps/server',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: port,
          ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR ?? '',
          PUBLIC_URL: baseURL,
          // Every spec signs in through the form; the per-address limit is for real traffic.
          AUTH_RATE_LIMIT: '10000',
          LOG_LEVEL: 'warn',
        },
      },
});
