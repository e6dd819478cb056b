import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
// The CDISC schemas and the sample study live in the shared folder beside the repository.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const INTEROP = [path.resolve(REPO, '../shared/interop'), '/work/shared/interop'].find((p) => existsSync(p));
if (!INTEROP) throw new Error(`shared/interop not found beside ${REPO}`);
export const SCHEMA = path.join(INTEROP, 'odm-1.3.2/cdisc-odm-1.3.2/ODM1-3-2.xsd');
export const SAMPLE = path.join(INTEROP, 'samples/cdash-odm-test.xml');

/** Runs xmllint (Debian's libxml2-utils) against the ODM 1.3.2 schema; returns its verdict. */
export async function xmllint(xml: string): Promise<{ ok: boolean; output: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edc-odm-'));
  const file = path.join(dir, 'export.xml');
  await fs.writeFile(file, xml);
  try {
    const { stderr } = await run('/usr/bin/xmllint', ['--schema', SCHEMA, '--noout', file]);
    return { ok: true, output: stderr };
  } catch (e) {
    const err = e as { stderr?: string };
    return { ok: false, output: err.stderr ?? String(e) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
