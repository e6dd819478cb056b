import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * How replies are written (RESPONSE_SERIALISER, docs/operations.md "Throughput"):
 * - `checked` (development, tests): every reply is checked against its zod schema, then JSON.stringify'd; a reply
 *   that breaks its schema is a 500 naming the route, so the tests catch a contract the code breaks.
 * - `compiled` (production): the route's schema, as JSON Schema, is compiled once by fast-json-stringify (Fastify's
 *   own serializer); a reply is written in one pass, properties outside the schema left out as the zod schema
 *   strips them. A schema JSON Schema cannot say (none today) keeps the checked path.
 */
export function responseSerializerCompiler(mode: 'checked' | 'compiled'): FastifySerializerCompiler<unknown> {
  if (mode === 'checked') return checkedSerializerCompiler as FastifySerializerCompiler<unknown>;
  return (route) => {
    const schema = route.schema as z.ZodType | undefined;
    if (!(schema instanceof z.ZodType)) return checkedSerializerCompiler(route as never);
    try {
      // The reply is what the schema encodes to: its input side.
      const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' });
      return fastJson(json as Parameters<typeof fastJson>[0]);
    } catch {
      return checkedSerializerCompiler(route as never);
    }
  };
}
