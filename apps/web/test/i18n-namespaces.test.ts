import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Most translation namespaces are registered by the feature that owns them (its i18n.ts or api.ts), so that their
 * strings stay out of the sign-in bundle. A page that shows another feature's strings must then load that feature's
 * registration too, or a page opened directly (a bookmark, a reload) shows raw keys such as
 * "subjects:testSubject.withTest". This walks each lazily loaded page's imports, with the shell's, and checks that
 * every namespace its modules use is registered somewhere in that graph.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const APP = path.join(SRC, 'app/App.tsx');

interface ModuleFacts {
  imports: string[];
  uses: Set<string>;
  registers: Set<string>;
}

const facts = new Map<string, ModuleFacts>();

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const namespaces = new Set(fs.readdirSync(path.join(SRC, 'locales/ru')).map((f: string) => f.replace(/\.json$/, '')));

function factsOf(file: string): ModuleFacts {
  let known = facts.get(file);
  if (known) return known;
  const text = fs.readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/(?:import|export)\s[^'";]*?from\s+'([^']+)'|import\s+'([^']+)'/g)]
    .map((m) => resolveImport(file, (m[1] ?? m[2])!))
    .filter((f): f is string => f !== null);
  // A key is a quoted 'namespace:…' of a namespace that has a locale file; performance marks share the shape.
  const uses = new Set(
    [...text.matchAll(/(?<!mark\()[`'"]([a-zA-Z]+):[a-zA-Z$]/g)].map((m) => m[1]!).filter((ns) => namespaces.has(ns)),
  );
  const registers = new Set([...text.matchAll(/addResourceBundle\('ru', '([a-zA-Z]+)'/g)].map((m) => m[1]!));
  known = { imports, uses, registers };
  facts.set(file, known);
  return known;
}

/** The namespaces app/i18n.ts loads with the app itself. */
const eager = new Set([
  'enums',
  ...[...fs.readFileSync(path.join(SRC, 'app/i18n.ts'), 'utf8').matchAll(/from '\.\.\/locales\/ru\/(\w+)\.json'/g)].map(
    (m) => m[1]!,
  ),
]);

const pages = [...fs.readFileSync(APP, 'utf8').matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)].map((m) => ({
  name: m[1]!,
  file: resolveImport(APP, m[2]!)!,
}));

/** Each namespace a page's graph uses without registering it, with the modules that use it. */
function unregistered(page: string): string[] {
  const seen = new Set<string>();
  const stack = [page, ...factsOf(APP).imports];
  const used = new Map<string, string[]>();
  const registered = new Set(eager);
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const f = factsOf(file);
    for (const ns of f.uses) used.set(ns, [...(used.get(ns) ?? []), path.relative(SRC, file)]);
    for (const ns of f.registers) registered.add(ns);
    stack.push(...f.imports);
  }
  return [...used].filter(([ns]) => !registered.has(ns)).map(([ns, files]) => `'${ns}' in ${files.join(', ')}`);
}

describe('translation namespaces', () => {
  it('finds the pages and the namespaces they use', () => {
    expect(pages.length).toBeGreaterThan(40);
    const matrix = pages.find((p) => p.name === 'SubjectMatrixPage')!;
    expect(factsOf(matrix.file).uses.has('subjects')).toBe(true);
    expect(eager.has('common')).toBe(true);
  });

  it.each(pages.map((p) => [p.name, p.file]))('%s registers every namespace its modules use', (_name, file) => {
    expect(unregistered(file)).toEqual([]);
  });
});
