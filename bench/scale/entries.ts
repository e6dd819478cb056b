// Data entry at the size of the subject-matrix bench (bench/subjects-scale.bench.ts): a screening form of
// FORM_FIELDS number fields designed through the API, then one filled-in form per subject loaded in set-based
// statements (its section, its fields, FILLED values each with an audit record in the subject's chain), so that
// a save meets the tables, indexes and triggers of a research of that size. The bench then saves values into the
// forms' empty fields as the site PI and replays the same statements as raw SQL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const FORM_FIELDS = 10;
/** Fields 0 … FILLED − 1 of every form hold a value; the others are the bench's to fill. */
export const FILLED = 4;

type Inject = (o: { method: 'POST'; url: string; headers: Record<string, string>; payload: unknown }) => Promise<{
  statusCode: number;
  body: string;
}>;

export interface EntryDesign {
  formId: string;
  formSectionId: string;
  screeningVisitId: string;
}

/** The form, its section and its fields, made by the administrator through the API as a designer would. */
export async function designEntryForm(inject: Inject, adminToken: string, url: string, researchId: string): Promise<EntryDesign> {
  const post = async (path: string, payload: unknown) => {
    const res = await inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${adminToken}` }, payload });
    if (res.statusCode !== 200) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
    return (JSON.parse(res.body) as { data: { id: string } }).data;
  };
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const screeningVisitId = (await c.query(`select id from visits where research_id = $1 and index = 0`, [researchId])).rows[0]
    .id as string;
  await c.end();
  const formType = await post('/FormTypes', { title: 'Scale', formTypeKey: `SCALE-${process.pid}` });
  const field = await post('/Fields', { formTypeId: formType.id, title: 'Value', fieldKey: 'VAL', fieldType: 'Number' });
  const form = await post('/Forms', { visitId: screeningVisitId, formTypeId: formType.id, title: 'Скрининг' });
  const section = await post('/FormSections', { formId: form.id, sectionName: 'Показатели' });
  await post('/FormFields/List', {
    formSectionId: section.id,
    formFieldList: Array.from({ length: FORM_FIELDS }, (_, i) => ({ fieldId: field.id, text: `Показатель ${i + 1}` })),
  });
  return { formId: form.id, formSectionId: section.id, screeningVisitId };
}

/**
 * Every subject's screening form with its section and fields, FILLED values per form entered by the subject's site
 * PI, and an audit record per value in the subject's chain. The records' hashes are SHA-256 of the value's id
 * linked to the previous record, not sealed with the server's key: a save reads only its chain's head.
 */
export async function loadEntries(url: string, researchId: string, d: EntryDesign, siteUserId: string) {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('begin');
  await c.query(
    `insert into subject_forms (id, research_id, subject_id, subject_visit_id, form_id)
     select gen_random_uuid(), $1, sv.subject_id, sv.id, $2 from subject_visits sv where sv.visit_id = $3`,
    [researchId, d.formId, d.screeningVisitId],
  );
  await c.query(
    `insert into subject_form_sections (id, subject_form_id, form_section_id)
     select gen_random_uuid(), sf.id, $2 from subject_forms sf where sf.form_id = $1`,
    [d.formId, d.formSectionId],
  );
  await c.query(
    `insert into subject_form_fields (id, subject_form_id, subject_form_section_id, form_field_id)
     select gen_random_uuid(), s.subject_form_id, s.id, ff.id
     from subject_form_sections s join form_fields ff on ff.form_section_id = s.form_section_id
     where s.form_section_id = $1 order by s.subject_form_id, ff.index`,
    [d.formSectionId],
  );
  await c.query(
    `insert into item_data (id, subject_form_field_id, data, created_by, employee_type)
     select gen_random_uuid(), sff.id, round((hashtext(sff.id::text) & 1023) / 10.0, 1)::text, $2, 'PrincipalInvestigator'
     from subject_form_fields sff join form_fields ff on ff.id = sff.form_field_id
     where ff.form_section_id = $1 and ff.index < $3 order by sff.subject_form_id, ff.index`,
    [d.formSectionId, siteUserId, FILLED],
  );
  await c.query(
    `insert into audit_log (id, at, user_id, action, entity_type, entity_id, research_id, after, chain, subject_id, prev_hash, hash)
     select gen_random_uuid(), v.created_at, $2, 'item_data.add', 'item_data', v.id, $1,
            jsonb_build_object('id', v.id, 'subjectId', v.subject_id, 'subjectFormFieldId', v.field_id, 'data', v.data),
            'subject:' || v.subject_id, v.subject_id,
            coalesce(lag(v.hash) over (partition by v.subject_id order by v.seq), repeat('0', 64)), v.hash
     from (select d.id, d.seq, d.data, d.created_at, d.subject_form_field_id as field_id, sf.subject_id,
                  encode(sha256(convert_to(d.id::text, 'UTF8')), 'hex') as hash
           from item_data d join subject_form_fields sff on sff.id = d.subject_form_field_id
           join subject_forms sf on sf.id = sff.subject_form_id where sf.form_id = $3) v
     order by v.seq`,
    [researchId, siteUserId, d.formId],
  );
  await c.query('commit');
  await c.query('vacuum analyze');
  await c.query('checkpoint');
  const counted = (
    await c.query(
      `select (select count(*) from subject_forms)::int as forms, (select count(*) from subject_form_fields)::int as fields,
              (select count(*) from item_data)::int as values, (select count(*) from audit_log)::int as audits`,
    )
  ).rows[0] as { forms: number; fields: number; values: number; audits: number };
  await c.end();
  return { ...counted, seconds: (performance.now() - t0) / 1000 };
}

/** The empty fields of the centre's forms, subject by subject (so that concurrent clients mostly keep to their own subjects). */
export async function emptyFields(url: string, centreId: string, formId: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const rows = (
    await c.query(
      `select sff.id from subject_form_fields sff join subject_forms sf on sf.id = sff.subject_form_id
       join subjects s on s.id = sf.subject_id join form_fields ff on ff.id = sff.form_field_id
       where sf.form_id = $2 and s.research_organisation_id = $1 and sff.current_seq is null
       order by s.screening_number, ff.index`,
      [centreId, formId],
    )
  ).rows as { id: string }[];
  await c.end();
  return rows.map((r) => r.id);
}

export type Statement = { name?: string; text: string; values?: unknown[] };

/**
 * A captured save replayed as raw SQL into another empty field: the new value's and its audit record's ids made
 * afresh (the captured ones would collide), the field's id swapped for the target's. The audit record's hash is
 * the captured one: raw SQL seals nothing, as it validates and authorises nothing.
 */
export function saveStatementsFor(statements: Statement[], captured: { fieldId: string; newIds: string[] }, target: string) {
  const fresh = new Map<unknown, string>([
    [captured.fieldId, target],
    ...captured.newIds.map((id) => [id, randomUUID()] as const),
  ]);
  return statements.map((s) => (s.values ? { ...s, values: s.values.map((v) => fresh.get(v) ?? v) } : s));
}
