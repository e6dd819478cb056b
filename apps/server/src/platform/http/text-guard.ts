import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Text the server refuses rather than alters: NUL (U+0000), which PostgreSQL cannot store in text or
 * jsonb, and a lone UTF-16 surrogate, which becomes U+FFFD on its way to the database (UTF-8 has no form
 * for it), so what was stored would differ from what was sent, checked and audited.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type BadText = { path: string; kind: 'nul' | 'surrogate' };

function badKind(s: string): BadText['kind'] | null {
  if (s.includes(NUL)) return 'nul';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return null;
}

/**
 * The first string (value or object key) in `value` holding NUL or a lone surrogate, with its path in the
 * form validation errors use (`userDto.email`, `items.0.name`); `root` names a string that is the whole
 * input. Walks with its own stack, so deeply nested input cannot overflow the call stack.
 */
export function findBadText(value: unknown, root = 'body'): BadText | null {
  // Paths are kept as links to the parent and spelled out only for the string found: a deeply nested
  // input would otherwise copy its path at every level.
  type Link = { key: string; up: Link | null } | null;
  const name = (link: Link) => {
    const keys: string[] = [];
    for (let l = link; l; l = l.up) keys.push(l.key);
    return keys.length ? keys.reverse().join('.') : root;
  };
  const stack: Array<[unknown, Link]> = [[value, null]];
  while (stack.length) {
    const [v, link] = stack.pop()!;
    if (typeof v === 'string') {
      const kind = badKind(v);
      if (kind) return { path: name(link), kind };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], { key: String(i), up: link }]);
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const key of keys) {
        const kind = badKind(key);
        if (kind) return { path: name({ key, up: link }), kind };
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push([(v as Record<string, unknown>)[keys[i]!], { key: keys[i]!, up: link }]);
      }
    }
  }
  return null;
}

/** Throws the 400 naming the field when `value` holds text the server refuses. */
export function refuseBadText(value: unknown, root = 'body'): void {
  const bad = findBadText(value, root);
  if (bad) throw badRequest(bad.kind === 'nul' ? 'text_nul' : 'text_lone_surrogate', bad.path, { field: bad.path });
}

/**
 * Checks path parameters, query and JSON body of every request before validation, so no handler, guard,
 * audit record or query sees such text. Register on the root instance before the routes.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    refuseBadText(req.params, 'params');
    refuseBadText(req.query, 'query');
    refuseBadText(req.body, 'body');
  });
}
