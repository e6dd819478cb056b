// The server of bench/data-entry.bench.ts, in a process of its own (as in production: the benchmark's
// clients do not share its event loop). It builds the app on BENCH_SERVER_DATABASE_URL (the benchmark's
// scratch database, already migrated and seeded), listens on a loopback port and talks to the benchmark
// over the IPC channel: it sends { address } once listening; on { cmd: 'measure' } it starts counting its
// CPU time and the statements it sends to PostgreSQL, on { cmd: 'report' } it answers { cpuMs, statements }
// for the time since, and on { cmd: 'close' } it closes and exits.
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { BENCH_AUDIT_KEY } from './support.js';

const url = process.env.BENCH_SERVER_DATABASE_URL;
if (!url || !process.send) throw new Error('run by bench/data-entry.bench.ts (BENCH_SERVER_DATABASE_URL and an IPC channel)');
const send = (message: unknown) => process.send!(message);

const database = await openDatabase({ url, migrate: false });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/edc-bench', AUDIT_KEY: BENCH_AUDIT_KEY }),
  database,
  logger: false,
});
// Server time (request received → reply about to be sent) travels back in a Server-Timing header.
const startedAt = new WeakMap<object, number>();
app.addHook('onRequest', async (req) => {
  startedAt.set(req, performance.now());
});
app.addHook('onSend', async (req, reply, payload) => {
  reply.header('server-timing', `app;dur=${(performance.now() - (startedAt.get(req) ?? performance.now())).toFixed(3)}`);
  return payload;
});

// Statements sent to PostgreSQL (every pool client is a pg.Client).
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

let cpuFrom = process.cpuUsage();
process.on('message', (message: { cmd: string }) => {
  if (message.cmd === 'measure') {
    statements = 0;
    cpuFrom = process.cpuUsage();
  } else if (message.cmd === 'report') {
    const cpu = process.cpuUsage(cpuFrom);
    send({ cpuMs: (cpu.user + cpu.system) / 1000, statements });
  } else if (message.cmd === 'close') {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  }
});
send({ address: await app.listen({ port: 0, host: '127.0.0.1' }) });
