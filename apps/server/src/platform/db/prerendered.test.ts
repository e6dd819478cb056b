import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { subjects, subjectVisits } from './schema/index.js';
import { prerendered } from './prerendered.js';

const dialect = new PgDialect({ casing: 'snake_case' });
const render = (q: SQL) => dialect.sqlToQuery(q);

describe('prerendered', () => {
  const fragment = (research: SQL | string, centre: SQL | string) =>
    sql`(select count(*) from ${subjects} where ${subjects.researchId} = ${research}
      and (${subjects.researchOrganisationId} = ${centre} or ${subjects.researchId} <> ${research})
      and exists (select 1 from ${subjectVisits} where ${subjectVisits.subjectId} = ${subjects.id}))`;

  it('renders, inside a query, what the fragment built each time renders, its parameters bound per call', () => {
    const once = prerendered<[string, string]>(2, (r, c) => fragment(r, c));
    for (const [r, c] of [
      ['r-1', 'c-1'],
      ['r-2', 'c-2'],
    ] as const) {
      const direct = render(sql`select ${fragment(r, c)} as n, ${'after'}`);
      const built = render(sql`select ${once(r, c)} as n, ${'after'}`);
      expect(built).toEqual(direct);
      expect(built.params).toEqual([r, c, r, 'after']);
    }
  });

  it('keeps a fragment without parameters as its text, and refuses one holding any other value', () => {
    const fixed = prerendered(0, () => sql`${subjects.id}::text || '$1 is not a parameter in text'`);
    expect(render(sql`select ${fixed()}`).sql).toBe(`select "subjects"."id"::text || '$1 is not a parameter in text'`);
    expect(() => prerendered(1, (p) => sql`${p} = ${'a value'}`)).toThrow(/not one of its parameters/);
    // With parameters, a placeholder-like text of its own would be taken for one: refused when rendered.
    expect(() => prerendered(1, (p) => sql`${p} || '$1'`)).toThrow(/of its own/);
  });
});
