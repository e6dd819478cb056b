import type { Db } from '../../../platform/db/client.js';
import type { ExportDesign } from './export-design.js';
import {
  currentValues,
  formsOfSubjects,
  signaturesOf,
  subjectPage,
  valueHistory,
  type FormRow,
  type SubjectRow,
} from './export-queries.js';
import { isoOf, type ExportScope } from './export-scope.js';

/**
 * Reads an export's subject forms with their values without ever holding the study (docs/data-exchange.md
 * "Exports", "Reading"): subjects in pages by keyset (enrolment order, the index subjects_research_created_idx),
 * the page's subject forms in schedule order, and their values in chunks of subject forms, one statement per
 * chunk. Works alike on PostgreSQL and PGlite (no server cursors).
 */

export interface SignatureRow {
  userId: string;
  printedName: string;
  meaning: string;
  signedAt: string;
}

export interface ExportSubject {
  id: string;
  screeningNumber: string;
  centreId: string;
  /** The randomisation group: read only for an actor who sees it (never selected otherwise). */
  group: string | null;
  /** What a new subject needs, so that an import into another research can enrol it (docs/data-exchange.md). */
  details: { birthDate: string; gender: string; screenDate: string };
  signature: SignatureRow | null;
  visitSignatures: Map<string, SignatureRow>;
}

/** One change of a value, oldest first (the audit-record export). */
export interface HistoryRow {
  id: string;
  data: string | null;
  at: string;
  userId: string | null;
  reason: string | null;
}

export interface ExportRecord {
  subject: ExportSubject;
  subjectVisitId: string;
  visitId: string;
  repeatIndex: number;
  visitDate: string;
  subjectFormId: string;
  formId: string;
  repeatedIndex: number;
  /** Current values by the field's position in its form (DesignField.position); a cleared value is absent. */
  values: (string | undefined)[];
  valueCount: number;
  /** Every value of each field (by position), oldest first; only when history was asked for. */
  history: (HistoryRow[] | undefined)[] | null;
}

export interface ReadOptions {
  /** Every change of every value instead of the current values. */
  history: boolean;
  signatures: boolean;
  seesGroup: boolean;
  subjectsPerPage?: number;
  /** A chunk of subject forms holds at most this many form fields (one values statement each). */
  fieldsPerChunk?: number;
  formsPerChunk?: number;
}

/**
 * About 10,000 values per statement: a result that small is made and dropped within V8's young generation,
 * where larger ones (50,000 rows) were promoted and let the process grow by 100 MB and more over an export
 * (bench/export.bench.ts, docs/performance.md).
 */
const FIELDS_PER_CHUNK = 10_000;
const FORMS_PER_CHUNK = 200;

/** Schedule order within a page: subject, visit (design order), occurrence, date, form (design order), repeat. */
function sortForms(rows: FormRow[], design: ExportDesign, subjectPos: Map<string, number>) {
  const visitPos = (id: string) => design.visits.get(id)?.position ?? Number.MAX_SAFE_INTEGER;
  const formPos = (id: string) => design.formById.get(id)?.position ?? Number.MAX_SAFE_INTEGER;
  return rows.sort(
    (a, b) =>
      subjectPos.get(a.subjectId)! - subjectPos.get(b.subjectId)! ||
      visitPos(a.visitId) - visitPos(b.visitId) ||
      a.repeatIndex - b.repeatIndex ||
      a.visitDate.localeCompare(b.visitDate) ||
      (a.subjectVisitId < b.subjectVisitId ? -1 : a.subjectVisitId > b.subjectVisitId ? 1 : 0) ||
      formPos(a.formId) - formPos(b.formId) ||
      a.repeatedIndex - b.repeatedIndex,
  );
}

/**
 * The records of the scope's subject forms of `formIds`, in batches (one per values statement), in
 * schedule order: a subject's records are consecutive, and so are a subject visit's.
 */
export async function* readRecords(
  db: Db,
  design: ExportDesign,
  scope: ExportScope,
  formIds: readonly string[],
  opts: ReadOptions,
): AsyncGenerator<ExportRecord[]> {
  const perPage = opts.subjectsPerPage ?? 1000;
  const fieldsPerChunk = opts.fieldsPerChunk ?? FIELDS_PER_CHUNK;
  const formsPerChunk = opts.formsPerChunk ?? FORMS_PER_CHUNK;
  if (!formIds.length || (scope.centreIds && !scope.centreIds.length)) return;
  let after: SubjectRow | null = null;
  for (;;) {
    const page = await subjectPage(db, scope, after, perPage, opts.seesGroup);
    if (!page.length) return;
    after = page.at(-1)!;
    const subjects = new Map<string, ExportSubject>(
      page.map((s) => [
        s.id,
        {
          id: s.id,
          screeningNumber: s.screeningNumber,
          centreId: s.centreId,
          group: opts.seesGroup ? s.group : null,
          details: { birthDate: s.birthDate, gender: s.gender, screenDate: s.screenDate },
          signature: null,
          visitSignatures: new Map(),
        },
      ]),
    );
    const forms = sortForms(
      (await formsOfSubjects(db, scope, [...subjects.keys()], formIds)).filter(
        (f) => design.formById.has(f.formId) && design.visits.has(f.visitId),
      ),
      design,
      new Map(page.map((s, i) => [s.id, i])),
    );
    if (!forms.length) {
      if (page.length < perPage) return;
      continue;
    }
    if (opts.signatures) await signaturesOf(db, subjects);
    const chunks = chunksOf(forms, design, fieldsPerChunk, formsPerChunk);
    // The next chunk's values are asked for before this one is handed on: the database works while the
    // writer does (on PostgreSQL; PGlite runs in this thread anyway).
    const prefetch = (chunk: FormRow[]) => {
      const p = recordsOf(db, design, chunk, subjects, opts.history);
      // Handled at once: a failure while the writer works must not count as an unhandled rejection.
      p.catch(() => {});
      return p;
    };
    let pending: Promise<ExportRecord[]> | null = prefetch(chunks[0]!);
    try {
      for (let i = 0; i < chunks.length; i++) {
        const records = await pending!;
        pending = i + 1 < chunks.length ? prefetch(chunks[i + 1]!) : null;
        yield records;
      }
    } finally {
      // A writer that failed leaves no statement running unheard.
      await pending?.catch(() => {});
    }
    if (page.length < perPage) return;
  }
}

/** Subject forms in order, cut into chunks of at most `maxFields` form fields and `maxForms` forms. */
function chunksOf(forms: FormRow[], design: ExportDesign, maxFields: number, maxForms: number): FormRow[][] {
  const chunks: FormRow[][] = [];
  let chunk: FormRow[] = [];
  let fields = 0;
  for (const f of forms) {
    const n = design.formById.get(f.formId)!.fields.length;
    if (chunk.length && (chunk.length >= maxForms || fields + n > maxFields)) {
      chunks.push(chunk);
      chunk = [];
      fields = 0;
    }
    chunk.push(f);
    fields += n;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

async function recordsOf(db: Db, design: ExportDesign, chunk: FormRow[], subjects: Map<string, ExportSubject>, history: boolean) {
  const records = chunk.map<ExportRecord>((f) => ({
    subject: subjects.get(f.subjectId)!,
    subjectVisitId: f.subjectVisitId,
    visitId: f.visitId,
    repeatIndex: f.repeatIndex,
    visitDate: f.visitDate,
    subjectFormId: f.id,
    formId: f.formId,
    repeatedIndex: f.repeatedIndex,
    values: [],
    valueCount: 0,
    history: history ? [] : null,
  }));
  const fields = [...new Set(chunk.map((f) => f.formId))].flatMap((id) => design.formById.get(id)!.fields);
  const ids = chunk.map((f) => f.id);
  const fieldIds = fields.map((f) => f.id);
  if (history) {
    for (const r of await valueHistory(db, ids, fieldIds)) {
      const record = records[r.sf - 1]!;
      const at = fields[r.ff - 1]!.position;
      const row = { id: r.id, data: r.data, at: isoOf(r.at), userId: r.userId, reason: r.reason };
      (record.history![at] ??= []).push(row);
      record.valueCount++;
      record.values[at] = r.data ?? undefined;
    }
  } else {
    for (const r of await currentValues(db, ids, fieldIds)) {
      const record = records[r.sf - 1]!;
      record.values[fields[r.ff - 1]!.position] = r.data;
      record.valueCount++;
    }
  }
  return records;
}
