import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
const reply = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      n: z.number().nullable(),
      when: z.string().optional(),
      status: z.enum(['A', 'B']),
      cells: z.array(z.object({ v: z.union([z.string(), z.number()]) })),
    }),
  ),
  totalCount: z.number(),
});
const value = {
  data: [
    { id: 'a', n: 1.5, when: '2026-01-01', status: 'A', cells: [{ v: 'x' }, { v: 2 }], extra: 'dropped' },
    { id: 'b', n: null, status: 'B', cells: [] },
  ],
  totalCount: 2,
};

describe('responseSerializerCompiler', () => {
  it('writes, compiled, the same JSON as the checked path, without properties the schema does not name', () => {
    const compiled = responseSerializerCompiler('compiled')(route(reply)) as (v: unknown) => string;
    const checked = responseSerializerCompiler('checked')(route(reply)) as (v: unknown) => string;
    expect(JSON.parse(compiled(value))).toEqual(JSON.parse(checked(value)));
    expect(compiled(value)).not.toContain('dropped');
  });

  it('checks the reply against its schema on the checked path only', () => {
    const bad = { data: [{ id: 1 }], totalCount: 'x' };
    expect(() => (responseSerializerCompiler('checked')(route(reply)) as (v: unknown) => string)(bad)).toThrow();
    // fast-json-stringify writes by the schema's types without checking (a string total as a number).
    const compiled = responseSerializerCompiler('compiled')(route(reply)) as (v: unknown) => string;
    expect(JSON.parse(compiled({ data: [], totalCount: '3' }))).toEqual({ data: [], totalCount: 3 });
  });
});
