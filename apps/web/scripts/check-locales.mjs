/* global URL */
// Checks the translations: ru and en have the same namespaces and the same keys, no value is empty,
// and every literal key used in the source (t('ns:key')) exists. Exits 1 on any problem.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const locales = join(root, 'src/locales');
// Namespaces the server shares (the enumerations' labels) live with the domain package.
const domainLocales = join(root, '../../packages/domain/src/locales');
const languages = readdirSync(locales).filter((d) => statSync(join(locales, d)).isDirectory());
const problems = [];

function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

const keys = {};
for (const lang of languages) {
  keys[lang] = new Map();
  for (const dir of [join(locales, lang), join(domainLocales, lang)]) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const ns = file.replace(/\.json$/, '');
      for (const [k, v] of flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')))) {
        if (typeof v !== 'string' || v.trim() === '') problems.push(`${lang}/${file}: "${k}" is empty or not text`);
        keys[lang].set(`${ns}:${k}`, v);
      }
    }
  }
}
const [first, ...others] = languages;
for (const lang of others) {
  for (const k of keys[first].keys()) if (!keys[lang].has(k)) problems.push(`${lang} lacks ${k}`);
  for (const k of keys[lang].keys()) if (!keys[first].has(k)) problems.push(`${first} lacks ${k}`);
  // Interpolations must match too.
  for (const [k, v] of keys[first]) {
    const vars = (s) =>
      [...String(s).matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    if (keys[lang].has(k) && vars(v) !== vars(keys[lang].get(k)))
      problems.push(`${k}: placeholders differ between ${first} and ${lang}`);
  }
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry)) yield path;
  }
}
const known = keys[first];
const prefixes = new Set([...known.keys()].flatMap((k) => k.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))));
let used = 0;
for (const file of sourceFiles(join(root, 'src'))) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bt\(\s*(['"`])([a-z]+:[\w.${}]+)\1/g)) {
    used += 1;
    const key = m[2];
    const at = `${relative(root, file)}: ${key}`;
    if (key.includes('${')) {
      const prefix = key.slice(0, key.indexOf('${')).replace(/\.$/, '');
      if (!prefixes.has(prefix)) problems.push(`unknown key prefix ${at}`);
    } else if (!known.has(key)) problems.push(`unknown key ${at}`);
  }
  for (const m of text.matchAll(/labelKey: '([a-z]+:[\w.]+)'/g)) {
    used += 1;
    if (!known.has(m[1])) problems.push(`unknown key ${relative(root, file)}: ${m[1]}`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`locales ok: ${languages.join(', ')}; ${known.size} keys each; ${used} literal uses checked`);
