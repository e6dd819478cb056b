/**
 * A reply item PostgreSQL has already written as JSON (a row of the subject matrix: docs/subjects.md "At scale").
 * The compiled serialiser copies its text into the reply as it is; the checked one (development, tests) parses it
 * and checks it against the route's schema like any other value, so a contract the SQL breaks fails the tests.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Items written by PostgreSQL, typed as what their JSON encodes: the route's schema states it, the checked
 * serialiser holds them to it.
 */
export const jsonItems = <T>(texts: readonly string[]): T[] => texts.map((t) => new JsonText(t)) as unknown as T[];

/** The reply with its JsonText parsed (its `data`, or the items of its `data`), for the checked serialiser. */
export function parsedJsonText(reply: unknown): unknown {
  if (!reply || typeof reply !== 'object') return reply;
  const data = (reply as { data?: unknown }).data;
  if (data instanceof JsonText) return { ...reply, data: JSON.parse(data.text) };
  if (Array.isArray(data) && data.some((x) => x instanceof JsonText))
    return { ...reply, data: data.map((x) => (x instanceof JsonText ? JSON.parse(x.text) : x)) };
  return reply;
}
