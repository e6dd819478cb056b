// Time from process start to the first answer of /api/health on an existing embedded database (budget 3 s).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edc-startup-'));
const port = 3900 + Math.floor(Math.random() * 90);

// As `npm start` runs the server: its bundle, built once here (the build itself takes under a second).
execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });

async function startOnce(): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
}

const first = await startOnce();
console.log(`first start (creates, migrates and seeds the embedded database): ${(first / 1000).toFixed(2)} s`);
const runs: number[] = [];
for (let i = 0; i < 3; i++) runs.push(await startOnce());
const worst = Math.max(...runs);
console.log(
  `start on the existing embedded database: ${runs.map((r) => (r / 1000).toFixed(2)).join(' s, ')} s; worst ${(worst / 1000).toFixed(2)} s, budget 3 s ${worst <= 3000 ? 'OK' : 'OVER'}`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(worst <= 3000 ? 0 : 1);
