import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { buildApp } from './app.js';
import { isEmpty } from './seed/demo-world.js';
import { seedDemo } from './seed/demo.js';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const seed = config.DEMO_SEED === 'on' || (config.DEMO_SEED === 'auto' && database.kind === 'pglite');
const seedNow = seed && (await isEmpty(database.db));

const app = await buildApp({ config, database });
if (seedNow) await seedDemo(app.deps);
await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ database: database.kind, readyMs: Math.round(performance.now() - started) }, 'ready');

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
