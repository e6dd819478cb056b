import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { buildApp } from './app.js';
import { isEmpty } from './seed/demo-world.js';
import { seedDemo } from './seed/demo.js';

const started = performance.now();
const config = loadConfig();
// Several processes on one port (node:cluster) with PostgreSQL: the first one migrates (and seeds), then starts the
// others, each with its own pool; sessions, sign-in throttling, rate limits and jobs are shared through the database.
const processes = config.DATABASE_URL ? config.SERVER_PROCESSES : 1;
if (config.SERVER_PROCESSES > 1 && !config.DATABASE_URL)
  console.warn('SERVER_PROCESSES needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process; starting one.');

if (processes > 1 && cluster.isPrimary) {
  const database = await openDatabase({ url: config.DATABASE_URL });
  if (config.DEMO_SEED === 'on' && (await isEmpty(database.db))) {
    const app = await buildApp({ config: { ...config, JOB_WORKERS: 0 }, database, logger: false });
    await seedDemo(app.deps);
    await app.close();
  }
  await database.close();
  let stopping = false;
  const fork = () => cluster.fork({ EDC_MIGRATED: '1' });
  for (let i = 0; i < processes; i++) fork();
  // A process that ends by itself is replaced; on SIGINT/SIGTERM every process finishes its requests and ends.
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      console.error(`server process ${worker.process.pid} ended (${code}); starting another`);
      fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill(signal);
    });
  }
} else {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    migrate: process.env.EDC_MIGRATED !== '1',
  });
  const seed = processes === 1 && (config.DEMO_SEED === 'on' || (config.DEMO_SEED === 'auto' && database.kind === 'pglite'));
  const seedNow = seed && (await isEmpty(database.db));

  const app = await buildApp({ config, database });
  if (seedNow) await seedDemo(app.deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: database.kind, readyMs: Math.round(performance.now() - started), processes }, 'ready');

  // Graceful shutdown: stop taking requests, finish those under way, close the database.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      try {
        await app.close();
        await database.close();
      } finally {
        process.exit(0);
      }
    });
  }
}
