import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';

/**
 * The secret that keys the audit chain (HMAC-SHA256). It lives outside the database: in `AUDIT_KEY`, or for
 * the embedded database without it, in `DATA_DIR/audit.key` (made once, mode 0600). See docs/audit-trail.md.
 */
export interface AuditKey {
  secret: Buffer;
  /** Identifies the key without revealing it: the first 16 hex digits of SHA-256 over a label and the key. */
  fingerprint: string;
}

export const AUDIT_KEY_FILE = 'audit.key';

export function auditKeyOf(secret: string | Buffer): AuditKey {
  const bytes = Buffer.isBuffer(secret) ? secret : Buffer.from(secret, 'utf8');
  const digest = createHash('sha256').update('edc-audit-key-fingerprint\0').update(bytes).digest('hex');
  return { secret: bytes, fingerprint: digest.slice(0, 16).match(/.{4}/g)!.join(':') };
}

let current: AuditKey | null = null;

/** Sets the key every later `writeAudit` and `verifyAuditChain` use (buildApp does it once). */
export function useAuditKey(key: AuditKey): void {
  current = key;
}

export function currentAuditKey(): AuditKey {
  if (!current) throw new Error('The audit key is not set: build the app (buildApp) or call useAuditKey first');
  return current;
}

/**
 * The configured key: `AUDIT_KEY`, else the key file in DATA_DIR, made on first use. With PostgreSQL in
 * production the key must be configured, so that every instance signs with the same one.
 */
export function resolveAuditKey(
  config: Config,
  databaseKind: 'pglite' | 'postgres',
  log?: FastifyBaseLogger,
  opts: { create?: boolean } = {},
): AuditKey {
  if (config.AUDIT_KEY) return auditKeyOf(config.AUDIT_KEY);
  if (databaseKind === 'postgres' && config.NODE_ENV === 'production') {
    throw new Error('AUDIT_KEY must be set when the server runs on PostgreSQL in production (see docs/audit-trail.md)');
  }
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  if (opts.create === false && !fs.existsSync(file)) {
    throw new Error(`No audit key: set AUDIT_KEY or restore ${file}`);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together cannot both make one.
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    log?.warn({ file }, 'audit key generated: keep a copy of this file, the audit trail cannot be verified without it');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) log?.warn({ file, mode: mode.toString(8) }, 'the audit key file is readable by others: chmod 600 it');
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable audit key (at least 32 characters)`);
  const key = auditKeyOf(secret);
  log?.info({ file, fingerprint: key.fingerprint }, 'audit key read from the data directory');
  return key;
}
