import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { AUDIT_KEY_FILE, auditKeyOf, resolveAuditKey } from './audit-key.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'edc-key-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('audit key', () => {
  it('comes from AUDIT_KEY when set; its fingerprint identifies it without revealing it', () => {
    const key = resolveAuditKey(loadConfig({ AUDIT_KEY: 'k'.repeat(40), DATA_DIR: tempDir() }), 'postgres');
    expect(key.secret.toString()).toBe('k'.repeat(40));
    expect(key.fingerprint).toMatch(/^[0-9a-f]{4}(:[0-9a-f]{4}){3}$/);
    expect(key.fingerprint).toBe(auditKeyOf('k'.repeat(40)).fingerprint);
    expect(key.fingerprint).not.toBe(auditKeyOf('j'.repeat(40)).fingerprint);
  });

  it('refuses a short AUDIT_KEY', () => {
    expect(() => loadConfig({ AUDIT_KEY: 'short' })).toThrow(/AUDIT_KEY/);
  });

  it('is made once into DATA_DIR with mode 0600 for the embedded database, then read back', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveAuditKey(config, 'pglite');
    const file = path.join(dir, AUDIT_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuditKey(config, 'pglite').fingerprint).toBe(first.fingerprint);
  });

  it('is required for PostgreSQL in production, and never made up by a reader', () => {
    const dir = tempDir();
    expect(() => resolveAuditKey(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }), 'postgres')).toThrow(/AUDIT_KEY/);
    expect(() => resolveAuditKey(loadConfig({ DATA_DIR: dir }), 'pglite', undefined, { create: false })).toThrow(/AUDIT_KEY/);
    expect(fs.existsSync(path.join(dir, AUDIT_KEY_FILE))).toBe(false);
  });
});
