import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this file whether it runs from its TypeScript source
 * (src/platform) or from the bundle `npm start` builds (dist): the migrations and the web app's build are
 * found from here.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@edc/server')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the @edc/server package folder was not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
