/* global URL */
// Prints the gzip size of the JavaScript a route downloads: the entry chunk, its static imports, and
// the lazy chunk(s) of the route with their imports. Usage: node scripts/bundle-size.mjs [ChunkName ...]
// (run after `vite build`; reads dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['SignInPage'];
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const files = new Set();
const visit = (key) => {
  const item = manifest[key];
  if (!item || files.has(item.file)) return;
  files.add(item.file);
  (item.imports ?? []).forEach(visit);
};
visit(entryKey);
for (const route of routes) {
  const key = Object.keys(manifest).find((k) => k.includes(`/${route}.`) || k.endsWith(`/${route}.tsx`));
  if (!key) throw new Error(`No chunk for ${route}`);
  visit(key);
}
let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip for ${routes.join(' + ')} (${files.size} files)`);
