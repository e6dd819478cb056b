import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { verifyAuditChain } from '../../src/platform/audit/audit.js';
import { DEMO_PASSWORD } from '../../src/seed/demo-world.js';
import { seedDemo } from '../../src/seed/demo.js';
import { researchOrganisations, researches, subjects, users, visits } from '../../src/platform/db/schema/index.js';
import { signIn } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { operationsOf, sampleOf, type Operation, type Schema } from './openapi-samples.js';

/**
 * Fuzzing every operation of the OpenAPI document, as the demo Admin and anonymously: requests built from
 * each operation's schemas, then spoiled — NUL bytes, lone surrogates, huge and odd numbers, deep nesting,
 * wrong types, upper-case and malformed ids, broken JSON. Whatever comes in, the answer is never a 5xx, and
 * the audit chain verifies clean afterwards. Deterministic (fixed seed) and bounded (a few runs per
 * operation and caller).
 */

const SEED = 20_261_125;
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const ANY_ID = '01900000-0000-7000-8000-000000000000';

let t: TestApp;
let ops: Operation[] = [];
let adminToken = '';
const realIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.deps);
  const db = t.database.db;
  adminToken = await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
  const [research] = await db.select().from(researches).where(eq(researches.grlsProtocolNumber, 'DEMO-001'));
  const [centre] = await db.select().from(researchOrganisations).where(eq(researchOrganisations.researchId, research!.id));
  const [subject] = await db.select().from(subjects).where(eq(subjects.researchId, research!.id));
  const [visit] = await db.select().from(visits).where(eq(visits.researchId, research!.id));
  const [site] = await db.select().from(users).where(eq(users.email, 'site@demo.test'));
  realIds.push(research!.id, centre!.id, subject!.id, visit!.id, site!.id);
  ops = operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
}, 240_000);

afterAll(async () => t?.close());

// ------------------------------------------------------------------------------------------ arbitraries

const nasty = {
  strings: fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'x\ud800y',
    '\udfff',
    '🙂\ud83d',
    '',
    '   ',
    'x'.repeat(70_000),
    '<ODM><x/></ODM>',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '%00',
    '\u202e\u2028',
    '2024-02-30',
    '9999-99-99T99:99:99Z',
  ),
  numbers: fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 0.5, 2 ** 31, -(2 ** 63), 1e-320),
  wrongTypes: fc.constantFrom<unknown>(null, true, false, [], {}, 'text', 42, [null], { $ne: 1 }),
};

/** Nested arrays or objects `depth` deep: the kind of input that exhausts a recursive parser or validator. */
const deep = fc.integer({ min: 50, max: 3000 }).chain((depth) =>
  fc.constantFrom('array', 'object').map((kind) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
    return v;
  }),
);

function idArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...realIds),
    fc.constantFrom(...realIds).map((id) => id.toUpperCase()),
    fc.constantFrom(
      ANY_ID,
      ANY_ID.toUpperCase(),
      'not-a-uuid',
      '123',
      '',
      ' ',
      `{${ANY_ID}}`,
      `${ANY_ID}\u0000`,
      'Z'.repeat(300),
    ),
    fc.uuid(),
  );
}

/** A value for a schema: mostly valid-looking, often spoiled in one of the ways above. */
function valueArb(schema: Schema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  const idFor = () => realIds[0]!;
  const valid = fc.constant(sampleOf(schema ?? { type: 'string' }, name, idFor));
  const spoiled = fc.oneof(nasty.strings, nasty.numbers, nasty.wrongTypes);
  if (!schema || depth > 3) return fc.oneof(valid, spoiled);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => valueArb(v, name, depth + 1)), spoiled);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const props = Object.entries(schema.properties ?? {});
    const record = fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueArb(s, k, depth + 1)])), { requiredKeys: [] });
    return fc.oneof({ weight: 3, arbitrary: record }, { weight: 1, arbitrary: spoiled }, { weight: 1, arbitrary: deep });
  }
  if (type === 'array') {
    return fc.oneof(fc.array(valueArb(schema.items, name, depth + 1), { maxLength: 3 }), spoiled, deep);
  }
  if (type === 'string' && (schema.format === 'uuid' || /id$/i.test(name))) return fc.oneof(idArb(), spoiled);
  if (type === 'string') return fc.oneof(valid, nasty.strings, fc.string({ unit: 'binary', maxLength: 20 }), spoiled);
  if (type === 'integer' || type === 'number') return fc.oneof(valid, nasty.numbers, fc.double(), spoiled);
  return fc.oneof(valid, spoiled);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its WTF-8 bytes, the way a
 * careless client would put it on the wire.
 */
function encodeAny(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map(encodeURIComponent)
    .reduce((url, part, i) => {
      if (i === 0) return part;
      const unit = text.match(LONE_SURROGATE)![i - 1]!.charCodeAt(0);
      const wtf8 = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      return url + wtf8.map((b) => `%${b.toString(16).toUpperCase()}`).join('') + part;
    }, '');
}

/** The text of a query or path parameter. */
const paramText = (schema: Schema | undefined, name: string) =>
  /id$/i.test(name) || schema?.format === 'uuid'
    ? idArb()
    : valueArb(schema, name).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));

interface FuzzRequest {
  url: string;
  payload?: string;
}

function requestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map((p) => paramText(p.schema, p.name))).map((values) => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeAny(values[i] as string))));
    return url;
  });
  const query = fc.tuple(...queryParams.map((p) => fc.option(paramText(p.schema, p.name), { nil: undefined }))).map((values) =>
    queryParams
      .map((p, i) => (values[i] === undefined ? null : `${p.name}=${encodeAny(values[i] as string)}`))
      .filter(Boolean)
      .join('&'),
  );
  const payload: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: valueArb(op.body, 'body').map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '['.repeat(20_000), '{"__proto__":{"x":1}}', '"\\ud800"', 'null') },
      )
    : fc.constant(undefined);
  return fc.record({ path, query, payload }).map(({ path: p, query: q, payload: body }) => ({
    url: `/api${p}${q ? `?${q}` : ''}`,
    payload: body,
  }));
}

// ---------------------------------------------------------------------------------------------- tests

describe('fuzzing every operation', () => {
  it('never answers 5xx, as Admin or anonymously, and leaves the audit chain verifying clean', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      for (const who of ['admin', 'anonymous'] as const) {
        try {
          await fc.assert(
            fc.asyncProperty(requestArb(op), async (req) => {
              // Signing out would end the shared session: that call gets a session of its own.
              const token =
                who === 'anonymous'
                  ? undefined
                  : op.key === 'POST /Auth/SignOut'
                    ? await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)
                    : adminToken;
              const res = await t.app.inject({
                method: op.method,
                url: req.url,
                headers: {
                  ...(token ? { authorization: `Bearer ${token}` } : {}),
                  ...(req.payload !== undefined ? { 'content-type': 'application/json' } : {}),
                },
                payload: req.payload,
              });
              if (res.statusCode >= 500) {
                throw new Error(
                  `${res.statusCode} for ${op.method} ${req.url.slice(0, 200)} ${String(req.payload).slice(0, 200)}`,
                );
              }
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          );
        } catch (e) {
          failures.push(
            `${op.key} as ${who}: ${(e as Error).message.split('\n').find((l) => l.includes(' for ')) ?? (e as Error).message.slice(0, 300)}`,
          );
        }
      }
    }
    const chain = await verifyAuditChain(t.database.db);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(chain.ok, JSON.stringify(chain).slice(0, 1000)).toBe(true);
  }, 180_000);
});
