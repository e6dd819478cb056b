import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** The dialect the databases are opened with (platform/db/client.ts), to render fragments as their queries would. */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A large fixed fragment of SQL (the JSON a matrix row or a summary entry is written as) whose text is rendered once:
 * Drizzle builds a query by walking every chunk of it on every call, several hundred for these fragments, which was
 * a sixth of a summary page's server time (docs/performance.md "Eleventh run"). `build` gets one stand-in per
 * parameter and must hold no other value; the function returned binds the parameters of each call, so the text
 * between them is copied as it is.
 */
export function prerendered<Params extends unknown[]>(
  arity: Params['length'],
  build: (...params: SQL[]) => SQL,
): (...values: Params) => SQL {
  const standIns = Array.from({ length: arity }, (_, i) => `\u0001prerendered parameter ${i}`);
  const { sql: text, params } = dialect.sqlToQuery(build(...standIns.map((s) => sql`${s}`)));
  const which = params.map((p) => {
    const i = standIns.indexOf(p as string);
    if (i < 0) throw new Error(`a prerendered fragment holds a value that is not one of its parameters: ${String(p)}`);
    return i;
  });
  if (params.length === 0) {
    const whole = sql.raw(text);
    return () => whole;
  }
  // ['text', '1', 'text', '2', 'text', …]: the text between the placeholders $1, $2… of the rendered fragment, each
  // once and in order; a `$<digits>` of the fragment's own text would break that, and is refused here, at start.
  const pieces = text.split(/\$(\d+)/);
  const numbers = pieces.filter((_, k) => k % 2 === 1).map(Number);
  if (numbers.length !== params.length || numbers.some((n, k) => n !== k + 1))
    throw new Error(`a prerendered fragment's text holds $<digits> of its own: ${text}`);
  return (...values) => {
    const chunks: SQL[] = [sql.raw(pieces[0]!)];
    for (let k = 1; k < pieces.length; k += 2) {
      chunks.push(sql`${values[which[Number(pieces[k]) - 1]!]}`, sql.raw(pieces[k + 1]!));
    }
    return sql.join(chunks);
  };
}
