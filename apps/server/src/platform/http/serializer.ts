import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { JsonText, parsedJsonText } from './json-text.js';

type JsonSchema = Parameters<typeof fastJson>[0] & {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
};

/**
 * How replies are written (RESPONSE_SERIALISER, docs/operations.md "Throughput"):
 * - `checked` (development, tests): every reply is checked against its zod schema, then JSON.stringify'd; a reply
 *   that breaks its schema is a 500 naming the route, so the tests catch a contract the code breaks.
 * - `compiled` (production): the route's schema, as JSON Schema, is compiled once by fast-json-stringify (Fastify's
 *   own serializer); a reply is written in one pass, properties outside the schema left out as the zod schema
 *   strips them. A schema JSON Schema cannot say (none today) keeps the checked path. A list reply (`data` an
 *   array) is written item by item into bytes (listWriter).
 * Either way an item PostgreSQL wrote as JSON (JsonText) is the JSON of its item: copied as it is when compiled,
 * parsed and checked like any other value when checked.
 */
export function responseSerializerCompiler(mode: 'checked' | 'compiled'): FastifySerializerCompiler<unknown> {
  if (mode === 'checked') return checkedSerializerCompiler as FastifySerializerCompiler<unknown>;
  return (route) => {
    const schema = route.schema as z.ZodType | undefined;
    if (!(schema instanceof z.ZodType)) return checkedSerializerCompiler(route as never);
    try {
      // The reply is what the schema encodes to: its input side.
      const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
      // Fastify sends a Buffer a serializer returns as it is (its type says string).
      return (listWriter(json) ?? fastJson(json)) as (reply: unknown) => string;
    } catch {
      return checkedSerializerCompiler(route as never);
    }
  };
}

/** The zod serialiser (check, then JSON.stringify), with the replies' JsonText parsed first so that it is checked too. */
const checkedSerializerCompiler = (route: Parameters<typeof zodSerializerCompiler>[0]) => {
  const serialise = zodSerializerCompiler(route);
  return (reply: unknown) => serialise(parsedJsonText(reply));
};

/** Bytes a list reply is written into before it is copied out; grown when a reply needs more. */
const SCRATCH_BYTES = 1 << 20;
/** A scratch buffer grown past this for one large reply is let go after it, so that it is not held for good. */
const SCRATCH_KEPT_MAX = 8 << 20;
let scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);

function write(text: string, at: number): number {
  // A UTF-16 unit is at most three bytes of UTF-8: room for that, so that Buffer.write never cuts a reply short.
  if (at + text.length * 3 > scratch.length) {
    const grown = Buffer.allocUnsafeSlow(Math.max(scratch.length * 2, at + text.length * 3));
    scratch.copy(grown, 0, 0, at);
    scratch = grown;
  }
  return at + scratch.write(text, at);
}

/**
 * The writer of a reply whose `data` is an array (a page of the matrix, a summary table): each item is serialised
 * alone and its few kilobytes written as UTF-8 into the scratch buffer, and the reply is a copy of those bytes. Written
 * as one string, a 250 KB reply is a rope of thousands of pieces that must be flattened in V8's large-object space
 * before it can be encoded or compressed, which took twice as long (docs/performance.md "Subject matrix at scale").
 * Other replies, and schemas with references, keep fast-json-stringify's string.
 */
function listWriter(json: JsonSchema): ((reply: unknown) => Buffer | string) | null {
  const data = json.properties?.data;
  if (json.type !== 'object' || !data || data.type !== 'array' || !data.items || JSON.stringify(json).includes('"$ref"'))
    return null;
  const whole = fastJson(json);
  const item = fastJson(data.items);
  const { data: _, ...others } = json.properties!;
  const rest = fastJson({ ...json, properties: others, required: json.required?.filter((name) => name !== 'data') });
  return (reply) => {
    const list = (reply as { data?: unknown } | null)?.data;
    if (!Array.isArray(list)) return whole(parsedJsonText(reply));
    let at = write('{"data":[', 0);
    for (let i = 0; i < list.length; i++) {
      if (i > 0) at = write(',', at);
      const x = list[i];
      at = write(x instanceof JsonText ? x.text : item(x), at);
    }
    const tail = rest(reply);
    at = write(tail === '{}' ? ']}' : `],${tail.slice(1)}`, at);
    const out = Buffer.allocUnsafe(at);
    scratch.copy(out, 0, 0, at);
    if (scratch.length > SCRATCH_KEPT_MAX) scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);
    return out;
  };
}
