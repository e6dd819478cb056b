#!/usr/bin/env node
// Runs every suite: unit, the date rules under two time zones far apart, API on the embedded database, API on
// PostgreSQL (when TEST_DATABASE_URL is set) and end-to-end in headless Chromium; prints one closing line
// "N passed, N failed".
//
// Order: unit and the date rules first (they use every core), then two lanes side by side: the API suites
// (two workers each, the project's own setting) and the web build with the end-to-end suite (one browser). The end-to-end suite spends
// most of its time waiting on the browser, so the API suites fill the other core; the API lane's output is
// kept in a file and printed when it ends, so that each suite's log stays readable. TEST_LANES=1 runs
// everything in turn, as before.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const only = process.argv.slice(2); // e.g. `npm test -- unit dates api e2e`
const want = (name) => only.length === 0 || only.includes(name);
const inTurn = process.env.TEST_LANES === '1';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edc-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];
/** The tests that failed, named again at the very end, where a CI log's tail shows them. */
const failedTests = [];
const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

/** Runs one command; its output goes to the terminal, or to `logFile` (printed by the caller later). */
function exec(cmd, args, env, logFile) {
  return new Promise((resolve) => {
    const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
    const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    child.on('close', (code) => {
      if (logFile) fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
}

/** What the API lane printed, shown after both lanes end so that it does not cut into the browser's log. */
const deferred = [];

/** The first line of a failure's message, without colour codes. */
const firstLine = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? '';

async function run(name, cmd, args, env, resultFile, count, logFile, failures) {
  const since = Date.now();
  if (!logFile) console.log(`\n=== ${name} ===`);
  const status = await exec(cmd, args, env, logFile);
  let counted = { passed: 0, failed: 0, skipped: 0 };
  try {
    const report = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
    counted = count(report);
    for (const f of failures(report)) failedTests.push(`${name}: ${f}`);
  } catch {
    counted.failed += 1; // no report: the suite did not run
  }
  if (status !== 0 && counted.failed === 0) counted.failed = 1;
  for (const k of Object.keys(totals)) totals[k] += counted[k];
  if (status !== 0) failedSuites.push(name);
  const summary = `--- ${name}: ${counted.passed} passed, ${counted.failed} failed${counted.skipped ? `, ${counted.skipped} skipped` : ''} (${minutes(since)})`;
  if (!logFile) return console.log(summary);
  const log = fs.readFileSync(logFile, 'utf8');
  console.log(`--- ${name} ended beside the end-to-end suite: its log follows at the end`);
  deferred.push(() => {
    console.log(`\n=== ${name} (run beside the end-to-end suite) ===`);
    process.stdout.write(log);
    console.log(summary);
  });
}

const vitestCount = (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests,
  skipped: j.numPendingTests + (j.numTodoTests ?? 0),
});
const vitestFailures = (j) =>
  j.testResults.flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${path.relative(process.cwd(), file.name)} › ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`)
      .concat(
        file.status === 'failed' && !file.assertionResults?.length
          ? [`${path.relative(process.cwd(), file.name)}: ${firstLine(file.message)}`]
          : [],
      ),
  );
/** Playwright's report: suites of files, nested describes, specs with their tests and each attempt's result. */
const playwrightFailures = (j) => {
  const out = [];
  const walk = (suite, outer) => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (test.status === 'unexpected' || test.status === 'flaky')
          out.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}\n    ${firstLine(last?.error?.message)}`);
      }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const s of j.suites ?? []) walk(s, []);
  for (const e of j.errors ?? []) out.push(firstLine(e.message));
  return out;
};
const vitest = (name, projects, { env = {}, files = [], quiet = false } = {}) => {
  const slug = name.replace(/\W+/g, '-');
  const out = path.join(tmp, `${slug}.json`);
  const args = [
    'vitest',
    'run',
    ...files,
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  return run(name, 'npx', args, env, out, vitestCount, quiet ? path.join(tmp, `${slug}.log`) : undefined, vitestFailures);
};

async function apiLane(beside) {
  // The project's own two workers (vitest.config.ts): a --maxWorkers on the command line does not override
  // a project's setting, so the lane has always run with two.
  const opts = beside ? { quiet: true } : {};
  if (want('api')) await vitest('api (PGlite)', ['server-api'], { ...opts, env: { TEST_DB: 'pglite' } });
  // PostgreSQL with the replies as production writes them (compiled serialisation): the PGlite lane checks every
  // reply against its schema, this one that the same tests pass on what a deployment sends.
  const replies = process.env.TEST_RESPONSE_SERIALISER ?? 'compiled';
  if (want('api') && process.env.TEST_DATABASE_URL)
    await vitest(`api (PostgreSQL, ${replies} replies)`, ['server-api'], {
      ...opts,
      env: { TEST_DB: 'postgres', TEST_RESPONSE_SERIALISER: replies },
    });
}

async function e2eLane() {
  if (!want('e2e')) return;
  const out = path.join(tmp, 'e2e.json');
  const build = await exec('npm', ['run', 'build', '-w', 'apps/web'], {});
  if (build !== 0) {
    totals.failed += 1;
    failedSuites.push('web build');
    return;
  }
  const count = (j) => ({ passed: j.stats.expected, failed: j.stats.unexpected + j.stats.flaky, skipped: j.stats.skipped });
  await run(
    'e2e (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    // The runner and the server in a zone far from the browser's (Europe/Moscow): a spec that takes a date
    // from the runner's clock instead of the browser's fails here, and the server's TZ must change nothing.
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out, TZ: process.env.E2E_TZ ?? 'America/Los_Angeles' },
    out,
    count,
    undefined,
    playwrightFailures,
  );
}

if (want('unit')) await vitest('unit', ['domain', 'server-unit', 'web-unit']);
// The date rules (docs/dates.md) with the machine in UTC+14 and in UTC−8: 22 hours apart, so a test that
// takes "today" from the machine's clock fails in one of them at almost any hour, not three hours a day.
const DATE_TESTS = ['packages/domain/src/time', 'packages/domain/src/subjects', 'apps/server/test/api/dates.test.ts'];
for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
  if (want('dates'))
    await vitest(`dates (TZ=${tz})`, ['domain', 'server-api'], { env: { TZ: tz, TEST_DB: 'pglite' }, files: DATE_TESTS });
}
const beside = !inTurn && want('e2e') && want('api');
if (beside) {
  await Promise.all([apiLane(true), e2eLane()]);
  for (const print of deferred) print();
} else {
  await apiLane(false);
  await e2eLane();
}

fs.rmSync(tmp, { recursive: true, force: true });
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((f) => `  ${f}`).join('\n')}`);
console.log(failedSuites.length ? `\nFailed: ${failedSuites.join(', ')}` : '\nAll suites passed.');
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''} in ${minutes(started)}`,
);
process.exit(failedSuites.length ? 1 : 0);
