// GET /api/Users/me on PostgreSQL over loopback HTTP: p95 budget 10 ms (issue: foundation).
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedDemoWorld, DEMO_PASSWORD } from '../apps/server/src/seed/demo-world.js';
import { BENCH_AUDIT_KEY, report, scratchDatabase } from './support.js';

const scratch = await scratchDatabase('edc_bench_me');
const database = await openDatabase({ url: scratch.url });
await seedDemoWorld(database.db);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/edc-bench', AUDIT_KEY: BENCH_AUDIT_KEY }),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const signIn = await fetch(`${address}/api/Auth/SignIn`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
});
const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
const get = async () => {
  const t0 = performance.now();
  const res = await fetch(`${address}/api/Users/me`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return performance.now() - t0;
};
for (let i = 0; i < 50; i++) await get(); // warm-up
const samples: number[] = [];
for (let i = 0; i < 1000; i++) samples.push(await get());
const ok = report('GET /api/Users/me (PostgreSQL, admin with 2 employees)', samples, 10);

await app.close();
await database.close();
await scratch.drop();
process.exit(ok ? 0 : 1);
