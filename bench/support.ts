import pg from 'pg';
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
