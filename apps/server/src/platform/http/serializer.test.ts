import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer.js';
import { jsonItems } from './json-text.js';

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
    const compiled = responseSerializerCompiler('compiled')(route(reply)) as (v: unknown) => string | Buffer;
    const checked = responseSerializerCompiler('checked')(route(reply)) as (v: unknown) => string;
    expect(JSON.parse(String(compiled(value)))).toEqual(JSON.parse(checked(value)));
    expect(String(compiled(value))).not.toContain('dropped');
  });

  it('checks the reply against its schema on the checked path only', () => {
    const bad = { data: [{ id: 1 }], totalCount: 'x' };
    expect(() => (responseSerializerCompiler('checked')(route(reply)) as (v: unknown) => string)(bad)).toThrow();
    // fast-json-stringify writes by the schema's types without checking (a string total as a number).
    const compiled = responseSerializerCompiler('compiled')(route(reply)) as (v: unknown) => string | Buffer;
    expect(JSON.parse(String(compiled({ data: [], totalCount: '3' })))).toEqual({ data: [], totalCount: 3 });
  });

  it('writes a list reply item by item as UTF-8 bytes, as fast-json-stringify writes it whole', () => {
    const compiled = responseSerializerCompiler('compiled')(route(reply)) as (v: unknown) => string | Buffer;
    // Cyrillic and astral text, and more than the first scratch buffer holds (1 MiB), so that it grows mid-reply.
    const big = {
      data: Array.from({ length: 3000 }, (_, i) => ({
        id: `субъект-${i}-😀`,
        n: i % 3 ? i : null,
        status: 'A',
        cells: Array.from({ length: 20 }, (_, k) => ({ v: k % 2 ? `ячейка "${k}"\n` : k })),
      })),
      totalCount: 3000,
    };
    const bytes = compiled(big);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect((bytes as Buffer).length).toBeGreaterThan(1 << 20);
    expect(JSON.parse((bytes as Buffer).toString('utf8'))).toEqual(big);
    // Each reply is its own copy: a later reply does not change an earlier one still being sent.
    const first = compiled(value) as Buffer;
    const copy = Buffer.from(first);
    compiled({ data: [{ id: 'zzzz', n: 9, status: 'B', cells: [] }], totalCount: 1 });
    expect(first.equals(copy)).toBe(true);
    // A reply larger than the scratch buffer is kept at (8 MiB) is written whole, and the next one still is.
    const huge = {
      data: Array.from({ length: 50_000 }, (_, i) => ({ id: `я${i}`.repeat(20), n: i, status: 'B', cells: [] })),
      totalCount: 1,
    };
    const hugeBytes = compiled(huge) as Buffer;
    expect(hugeBytes.length).toBeGreaterThan(8 << 20);
    expect(JSON.parse(hugeBytes.toString('utf8'))).toEqual(huge);
    expect(JSON.parse(String(compiled(value)))).toEqual(JSON.parse(String(first)));
    // Without its list, the reply goes to the whole serialiser, which names what is missing.
    expect(() => compiled({ totalCount: 1 })).toThrow(/data/);
    // Only the list: nothing else to write after it.
    const onlyList = responseSerializerCompiler('compiled')(route(z.object({ data: z.array(z.number()) }))) as (
      v: unknown,
    ) => string | Buffer;
    expect(JSON.parse(String(onlyList({ data: [1, 2] })))).toEqual({ data: [1, 2] });
    expect(JSON.parse(String(onlyList({ data: [] })))).toEqual({ data: [] });
  });

  it('copies items PostgreSQL wrote as JSON when compiled, and parses and checks them when checked', () => {
    const items = ['{"id":"a","n":null,"status":"A","cells":[{"v":"я \\"q\\""}]}', '{"id":"b","n":2,"status":"B","cells":[]}'];
    const texts = { data: jsonItems(items), totalCount: 2 };
    const compiled = responseSerializerCompiler('compiled')(route(reply)) as (v: unknown) => string | Buffer;
    const checked = responseSerializerCompiler('checked')(route(reply)) as (v: unknown) => string;
    expect(String(compiled(texts))).toBe(`{"data":[${items.join(',')}],"totalCount":2}`);
    expect(JSON.parse(checked(texts))).toEqual({ data: items.map((i) => JSON.parse(i)), totalCount: 2 });
    // Beside items built as objects; and a text that breaks the schema fails the checked path.
    expect(JSON.parse(String(compiled({ data: [...jsonItems([items[0]!]), value.data[1]], totalCount: 2 })))).toEqual(
      JSON.parse(checked({ data: [...jsonItems([items[0]!]), value.data[1]], totalCount: 2 })),
    );
    expect(() => checked({ data: jsonItems(['{"id":1}']), totalCount: 1 })).toThrow();
  });
});
