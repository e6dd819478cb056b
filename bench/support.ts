import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Request } from 'playwright-core';
import { auditKeyOf, useAuditKey } from '../apps/server/src/platform/audit/audit-key.js';

export const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The audit chain's key in benchmarks; set at once, since some benchmarks seed before they build the app. */
export const BENCH_AUDIT_KEY = 'bench-audit-key-0123456789abcdef-0123456789';
useAuditKey(auditKeyOf(BENCH_AUDIT_KEY));

/** A throw-away PostgreSQL database for one benchmark run. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: BENCH_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(BENCH_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: BENCH_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Runs `task` in a fresh process of the benchmark module itself (as a worker runs a job: its own heap, its own
 * RSS), which sees the task in the environment variable `envName` and sends back its report.
 */
export function inChildProcess<R>(moduleUrl: string, envName: string, task: unknown): Promise<R> {
  const child = fork(new URL(moduleUrl), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [envName]: JSON.stringify(task) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as R));
    child.once('exit', (code) => code && reject(new Error(`${envName} child exited with ${code}`)));
  });
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function report(name: string, samples: number[], budgetMs?: number): boolean {
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  const ok = budgetMs === undefined || p95 <= budgetMs;
  console.log(
    `${name}: n=${samples.length} p50=${p50.toFixed(2)} ms p95=${p95.toFixed(2)} ms` +
      (budgetMs !== undefined ? ` budget p95<=${budgetMs} ms ${ok ? 'OK' : 'OVER'}` : ''),
  );
  return ok;
}

// ------------------------------------------------------------------------------- the web app in Chromium

/** Where the built web app is served in the browser benchmarks (the API answered from memory there). */
export const WEB_ORIGIN = 'http://bench.local';
/** The built web app (apps/web/dist); BENCH_WEB_DIST=<folder> measures another build. */
export const WEB_DIST =
  process.env.BENCH_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/** A fixed UUID for a mocked record: the `n`th of `kind`. */
export const benchUuid = (n: number, kind: number) =>
  `00000000-0000-4000-8${kind.toString().padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;

/** A mocked API reply: its body as JSON (status 200 unless told). */
export type ApiAnswer = { status?: number; body: unknown };

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};

/**
 * Headless Chromium (/usr/bin/chromium) with the built web app at WEB_ORIGIN, signed in (the access cookie),
 * its `/api/` calls answered by `answer` (undefined: 404, and the call is listed in `missing`).
 */
export async function launchWebApp(
  answer: (request: Request, url: URL) => ApiAnswer | undefined,
): Promise<{ browser: Browser; context: BrowserContext; missing: Set<string> }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  await context.addCookies([{ name: 'accessMISToken', value: 'bench', url: WEB_ORIGIN }]);
  // tsx (esbuild's keepNames) wraps named functions in __name(), which the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const missing = new Set<string>();
  await context.route(`${WEB_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/api/')) {
      const reply = answer(route.request(), url);
      if (!reply) missing.add(`${route.request().method()} ${url.pathname}`);
      return route.fulfill({
        status: reply ? (reply.status ?? 200) : 404,
        contentType: 'application/json',
        body: JSON.stringify(reply ? reply.body : { errors: [] }),
      });
    }
    const file = path.join(WEB_DIST, url.pathname);
    const found =
      url.pathname !== '/' && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(WEB_DIST, 'index.html');
    return route.fulfill({
      status: 200,
      contentType: CONTENT_TYPES[path.extname(found)] ?? 'application/octet-stream',
      body: fs.readFileSync(found),
    });
  });
  return { browser, context, missing };
}

/**
 * The keystroke probe (an init script): from a keydown to the first frame painted after the value of the
 * focused input changed ("painted": the task after the next animation frame, requestAnimationFrame then
 * setTimeout 0). The samples are in `window.__keys.samples`.
 */
export async function installKeystrokeProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const k = { samples: [] as number[], at: null as number | null };
    (window as unknown as { __keys: typeof k }).__keys = k;
    window.addEventListener('keydown', () => (k.at = performance.now()), true);
    document.addEventListener('input', () => {
      const at = k.at;
      if (at === null) return;
      k.at = null;
      requestAnimationFrame(() => setTimeout(() => k.samples.push(performance.now() - at), 0));
    });
  });
}

/**
 * Sends `keys` one by one to the focused element, each after the frame of the one before, and returns their
 * probe samples; every key must change the value. A key is a key name for keyboard.press, or a character the
 * US layout lacks (Cyrillic), sent as a key that types it (a keydown with its text, as a Russian layout does).
 */
export async function timeKeystrokes(page: Page, keys: readonly string[]): Promise<number[]> {
  type Probe = { __keys: { samples: number[] } };
  // After the frame of a key sent before (its sample, if any, comes in then), the samples start afresh.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            (window as unknown as Probe).__keys.samples = [];
            resolve();
          }, 0),
        ),
      ),
  );
  let cdp: CDPSession | undefined;
  for (const [i, key] of keys.entries()) {
    if (key.length === 1 && !/^[\x20-\x7e]$/.test(key)) {
      cdp ??= await page.context().newCDPSession(page);
      const event = { key, text: key, unmodifiedText: key, windowsVirtualKeyCode: 0 };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...event });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event });
    } else await page.keyboard.press(key);
    await page.waitForFunction((n) => (window as unknown as Probe).__keys.samples.length >= n, i + 1, { polling: 'raf' });
  }
  await cdp?.detach();
  return page.evaluate(() => (window as unknown as Probe).__keys.samples);
}
