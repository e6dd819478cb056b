import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { callsAs } from '../support/test-app.js';

/**
 * Helpers of the dataset export tests: run an export as a caller and wait for its job, download its file,
 * open zips, read CSV (RFC 4180) and ODM, and the vendored Dataset-JSON 1.1 schema's validator.
 */

/** POST /DataExports as `token`, then polls the job until it is Done or Failed. */
export async function exportAs(app: FastifyInstance, token: string, body: Record<string, unknown>, timeoutMs = 60_000) {
  const api = callsAs(app, token);
  const job = await api.ok('POST', '/DataExports', body);
  const start = Date.now();
  for (;;) {
    const now = await api.ok('GET', `/Jobs/${job.id}`);
    if (now.status === 'Done' || now.status === 'Failed') return now;
    if (Date.now() - start > timeoutMs) throw new Error(`export job ${job.id} still ${now.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** GET /Documents/{id}/File: the status and the bytes. */
export async function download(app: FastifyInstance, token: string, documentId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/Documents/${documentId}/File`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers };
}

/** The entries of a zip as UTF-8 text, by name (a byte order mark kept as U+FEFF). */
export function unzipText(bytes: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(bytes));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, Buffer.from(data).toString('utf8')]));
}

/** RFC 4180: quoted fields with doubled quotes, CRLF records; a leading byte order mark is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && s[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** A CSV as objects by column name. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

const ALWAYS_ARRAY = new Set([
  'User',
  'Location',
  'SignatureDef',
  'SubjectData',
  'StudyEventData',
  'FormData',
  'ItemGroupData',
  'ItemData',
  'ItemDef',
  'FormDef',
  'StudyEventDef',
  'ItemGroupDef',
  'Annotation',
]);

/** An ODM document as objects (attributes without prefix; the repeating elements always arrays). */
export function parseOdm(xml: string): any {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    htmlEntities: true,
    isArray: (name) => ALWAYS_ARRAY.has(name),
  }).parse(xml).ODM;
}

/** Every ItemData of a ClinicalData as flat rows. */
export function itemRows(odm: any) {
  const rows: {
    subject: string;
    event: string;
    eventRepeat?: string;
    form: string;
    formRepeat?: string;
    group: string;
    item: string;
    value?: string;
    type?: string;
    audit?: any;
  }[] = [];
  for (const s of odm.ClinicalData.SubjectData ?? [])
    for (const e of s.StudyEventData ?? [])
      for (const f of e.FormData ?? [])
        for (const g of f.ItemGroupData ?? [])
          for (const i of g.ItemData ?? [])
            rows.push({
              subject: s.SubjectKey,
              event: e.StudyEventOID,
              eventRepeat: e.StudyEventRepeatKey,
              form: f.FormOID,
              formRepeat: f.FormRepeatKey,
              group: g.ItemGroupOID,
              item: i.ItemOID,
              value: i.Value,
              type: i.TransactionType,
              audit: i.AuditRecord,
            });
  return rows;
}

const SCHEMA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/dataset-json/dataset.schema.json');

/** The vendored Dataset-JSON 1.1 schema (draft 2019-09) compiled with Ajv. */
export function datasetJsonValidator() {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
}
