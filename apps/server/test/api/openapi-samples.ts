/**
 * What the role-matrix and fuzz tests know about the OpenAPI document: its operations and a minimal valid
 * sample of a request part from its JSON schema (the required properties, the first enum value, a date of
 * the past, ids from a name → id map).
 */

export interface Operation {
  /** `GET /Subjects/{id}`: the method and the path without the `/api` prefix */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** the path with `{param}` placeholders, without `/api` */
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema }[];
  body?: Schema;
  bodyType?: string;
}

export type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  pattern?: string;
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
};

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Every operation of the document, in a stable order. */
export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [fullPath, item] of Object.entries<any>(doc.paths ?? {})) {
    const path = fullPath.replace(/^\/api/, '');
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      ops.push({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase() as Operation['method'],
        path,
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        body: bodyType ? content[bodyType].schema : undefined,
        bodyType,
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

const pastDate = '2024-01-15';

/** A minimal value that satisfies the schema; `idFor(name)` names ids by their property or parameter name. */
export function sampleOf(schema: Schema | undefined, name: string, idFor: (name: string) => string): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null && v !== '') ?? schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const pick = variants.find((v) => v.type !== 'null') ?? variants[0];
    return sampleOf(pick, name, idFor);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, name, idFor) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key], key, idFor);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, name, idFor));
    case 'integer':
    case 'number': {
      if (/version$/i.test(name)) return 1;
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema, name, idFor);
    default:
      if (schema.properties) return sampleOf({ ...schema, type: 'object' }, name, idFor);
      return 'x';
  }
}

/** Candidates for a string with a pattern: a duration hh:mm:ss, a local date-time. */
const PATTERNED = ['00:10:00', '2024-01-15T09:00'];

function sampleString(schema: Schema, name: string, idFor: (name: string) => string): string {
  if (schema.format === 'uuid' || /id$/i.test(name)) return idFor(name);
  const patterned = schema.pattern ? PATTERNED.find((s) => new RegExp(schema.pattern!).test(s)) : undefined;
  if (patterned) return patterned;
  if (schema.format === 'date' || /date$/i.test(name)) return pastDate;
  if (schema.format === 'date-time') return '2024-01-15T10:00:00.000Z';
  if (schema.format === 'email' || /email/i.test(name)) return 'sample@example.test';
  if (/password/i.test(name)) return 'Sample-pass-2026!x';
  const min = Math.max(schema.minLength ?? 1, 1);
  return 'S'.repeat(Math.min(Math.max(min, 3), schema.maxLength ?? 3));
}

/** The URL of an operation with its path parameters and the required (and id-named) query parameters filled in. */
export function sampleUrl(op: Operation, idFor: (name: string) => string, pathIdFor: (param: string) => string): string {
  let url = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') {
      const value = /id$/i.test(p.name) ? pathIdFor(p.name) : String(sampleOf(p.schema ?? { type: 'string' }, p.name, idFor));
      url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    } else if (
      p.in === 'query' &&
      (p.required || /^(researchId|researchOrganisationId|organisationId|subjectId)$/.test(p.name))
    ) {
      query.push(`${p.name}=${encodeURIComponent(String(sampleOf(p.schema ?? { type: 'string' }, p.name, idFor)))}`);
    }
  }
  return query.length ? `${url}?${query.join('&')}` : url;
}
