import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Hit = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Hit) => void;

/**
 * The store of @fastify/rate-limit in the database (table rate_limit_hits, migration 0020), so that several server
 * processes (SERVER_PROCESSES, docs/operations.md) share one count per route and address instead of each keeping
 * its own. One upsert per limited request (only the public Auth and sign-up routes are limited); windows that ended
 * over an hour ago are deleted now and then.
 */
export function databaseRateLimitStore(db: Db) {
  let calls = 0;
  const make = (route: string) => ({
    incr(key: string, cb: Callback, timeWindow: number) {
      const k = `${route} ${key}`;
      db.execute(
        sql`insert into rate_limit_hits (key, hits, reset_at) values (${k}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
              reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
            returning hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl`,
      )
        .then((res) => {
          const row = (res as unknown as { rows: { hits: number; ttl: number }[] }).rows[0]!;
          cb(null, { current: Number(row.hits), ttl: Number(row.ttl) });
          if (++calls % 1000 === 0)
            void db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`).catch(() => {});
        })
        .catch((e: Error) => cb(e));
    },
    read(key: string, cb: Callback) {
      db.execute(
        sql`select hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl from rate_limit_hits
            where key = ${`${route} ${key}`} and reset_at > now()`,
      )
        .then((res) => {
          const row = (res as unknown as { rows: { hits: number; ttl: number }[] }).rows[0];
          cb(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
        .catch((e: Error) => cb(e));
    },
  });
  // @fastify/rate-limit makes the store with `new`, and one child per limited route.
  return class DatabaseStore {
    constructor() {
      return Object.assign(this, make('*'), { child: (o: { routeInfo?: { method?: unknown; url?: string } }) => child(o) });
    }
  };
  function child(o: { routeInfo?: { method?: unknown; url?: string } }) {
    const store = make(`${String(o.routeInfo?.method ?? '')} ${o.routeInfo?.url ?? ''}`);
    return { ...store, child };
  }
}
