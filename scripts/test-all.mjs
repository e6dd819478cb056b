#!/usr/bin/env node
// Runs every suite: unit, the date rules under two time zones far apart, API on the embedded database, API on
// PostgreSQL (when TEST_DATABASE_URL is set) and end-to-end in headless Chromium; prints one closing line
// "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const only = process.argv.slice(2); // e.g. `npm test -- unit dates api e2e`
const want = (name) => only.length === 0 || only.includes(name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edc-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];

function run(name, cmd, args, env, resultFile, count) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  let counted = { passed: 0, failed: 0, skipped: 0 };
  try {
    counted = count(JSON.parse(fs.readFileSync(resultFile, 'utf8')));
  } catch {
    counted.failed += 1; // no report: the suite did not run
  }
  if (r.status !== 0 && counted.failed === 0) counted.failed = 1;
  for (const k of Object.keys(totals)) totals[k] += counted[k];
  if (r.status !== 0) failedSuites.push(name);
  console.log(
    `--- ${name}: ${counted.passed} passed, ${counted.failed} failed${counted.skipped ? `, ${counted.skipped} skipped` : ''}`,
  );
}

const vitestCount = (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests,
  skipped: j.numPendingTests + (j.numTodoTests ?? 0),
});
const vitest = (name, projects, env = {}, files = []) => {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...files,
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  run(name, 'npx', args, env, out, vitestCount);
};

if (want('unit')) vitest('unit', ['domain', 'server-unit']);
// The date rules (docs/dates.md) with the machine in UTC+14 and in UTC−8: 22 hours apart, so a test that
// takes "today" from the machine's clock fails in one of them at almost any hour, not three hours a day.
const DATE_TESTS = ['packages/domain/src/time', 'packages/domain/src/subjects', 'apps/server/test/api/dates.test.ts'];
for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
  if (want('dates')) vitest(`dates (TZ=${tz})`, ['domain', 'server-api'], { TZ: tz, TEST_DB: 'pglite' }, DATE_TESTS);
}
if (want('api')) vitest('api (PGlite)', ['server-api'], { TEST_DB: 'pglite' });
if (want('api') && process.env.TEST_DATABASE_URL) vitest('api (PostgreSQL)', ['server-api'], { TEST_DB: 'postgres' });
if (want('e2e')) {
  const out = path.join(tmp, 'e2e.json');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) {
    totals.failed += 1;
    failedSuites.push('web build');
  } else {
    const count = (j) => ({ passed: j.stats.expected, failed: j.stats.unexpected + j.stats.flaky, skipped: j.stats.skipped });
    run(
      'e2e (Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      // The runner and the server in a zone far from the browser's (Europe/Moscow): a spec that takes a date
      // from the runner's clock instead of the browser's fails here, and the server's TZ must change nothing.
      { PLAYWRIGHT_JSON_OUTPUT_NAME: out, TZ: process.env.E2E_TZ ?? 'America/Los_Angeles' },
      out,
      count,
    );
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(failedSuites.length ? `\nFailed: ${failedSuites.join(', ')}` : '\nAll suites passed.');
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSuites.length ? 1 : 0);
