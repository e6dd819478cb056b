// Walks the whole audit chain of DATABASE_URL (or the embedded database in DATA_DIR) under the configured
// audit key and prints every break and the heads digest; `--as-of <seq>` also prints the digest as it stood at
// that record, to compare with one written down then. Exit status: 0 intact, 1 broken, 2 could not run. See
// docs/audit-trail.md.
import { loadConfig } from '../config.js';
import { openDatabase } from '../platform/db/client.js';
import { resolveAuditKey } from '../platform/audit/audit-key.js';
import { verifyAuditChain } from '../platform/audit/audit.js';
import { describeVerification, parseVerifyArgs } from '../platform/audit/audit-report.js';

let code = 2;
try {
  const args = parseVerifyArgs(process.argv.slice(2));
  const config = loadConfig();
  // Reads only: no key is made when none exists, no migrations are applied.
  const key = resolveAuditKey(config, config.DATABASE_URL ? 'postgres' : 'pglite', undefined, { create: false });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, migrate: false });
  try {
    const result = await verifyAuditChain(database.db, key, args);
    for (const line of describeVerification(result)) console.log(line);
    code = result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
}
process.exit(code);
