import { rules as ruleLanguage } from '@edc/domain';

/**
 * Parsed expressions of the rules a save runs, kept in a small in-process LRU by the rule's id and
 * `updated_at` (an edit changes `updated_at`, so a stale tree is never used, nothing is invalidated by hand
 * and several server instances never disagree). A rule's text is parsed once per instance, then every save evaluates its tree.
 */

const CAPACITY = 5000;
/** By rule id: the version parsed and its tree. A Map keeps insertion order: the least recently used first. */
const cache = new Map<string, { version: string; ast: ruleLanguage.RuleAst | null }>();

/** The tree of a stored rule's expression; null when it does not parse (stored rules always do). */
export function parsedRule(id: string, version: string, expression: string): ruleLanguage.RuleAst | null {
  const hit = cache.get(id);
  cache.delete(id);
  if (hit && hit.version === version) {
    cache.set(id, hit);
    return hit.ast;
  }
  const parsed = ruleLanguage.parseRule(expression);
  const entry = { version, ast: parsed.ok ? parsed.ast : null };
  cache.set(id, entry);
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
  return entry.ast;
}

/** The cached tree of this version of a rule; undefined when it is not cached (parsedRule parses it). */
export function cachedRule(id: string, version: string): ruleLanguage.RuleAst | null | undefined {
  const hit = cache.get(id);
  if (!hit || hit.version !== version) return undefined;
  cache.delete(id);
  cache.set(id, hit);
  return hit.ast;
}

/** For tests and benchmarks: the number of cached trees, and emptying the cache. */
export const parsedRuleCache = {
  size: () => cache.size,
  clear: () => cache.clear(),
};
