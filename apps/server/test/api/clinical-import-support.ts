import { count, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import type { Db } from '../../src/platform/db/client.js';
import { auditLog, itemData, subjectForms, subjects, subjectVisits } from '../../src/platform/db/schema/index.js';
import { callsAs } from '../support/test-app.js';
import { designApi } from './design-support.js';

/**
 * Helpers of the clinical data import tests: a small design made through the design API, ClinicalData files
 * written by hand, a job followed to its end, and the row counts a dry run must leave as they were.
 */

/**
 * A version of the research, then on it: visit SCR (Screening) with form DM — birth date and sex linked to
 * the subject card, a number, a Yes/No select and a text shown only on 'Yes' — and the repeating visit UNS
 * with the repeating form AE (one text). Keys are fixed, so the OIDs are SE.SCR, F.DM, IT.DM.WEIGHT, …
 */
export async function makeImportDesign(app: FastifyInstance, adminToken: string, researchId: string) {
  const api = designApi(app, adminToken);
  const version = await api.version(researchId, { startedDate: '2020-01-01' });
  const scr = await api.visit(researchId, { visitKey: 'SCR', title: 'Screening', visitTypeString: 'Screening' });
  const uns = await api.visit(researchId, { visitKey: 'UNS', title: 'Unscheduled', repeating: true });
  const type = await api.formType();
  const def = (fieldKey: string, over: Record<string, unknown> = {}) => api.field(type.id, { fieldKey, ...over });
  const defs = {
    birth: await def('BRTHDTC', { fieldType: 'Date' }),
    sex: await def('SEX', { fieldType: 'Select', optionList: ['Male', 'Female'] }),
    weight: await def('WEIGHT', { fieldType: 'Number' }),
    smoker: await def('SMOKER', { fieldType: 'Select', optionList: ['Yes', 'No'], defaultOption: 'No' }),
    years: await def('SMOKYRS'),
    term: await def('AETERM'),
  };
  const dm = await api.form(scr.id, type.id, { formKey: 'DM', title: 'Demography' });
  const dmSection = await api.section(dm.id, { sectionName: 'Main' });
  const ff = {
    birth: await api.formField(dmSection.id, defs.birth.id, { text: 'Birth date', dataLink: 'BirthDate' }),
    sex: await api.formField(dmSection.id, defs.sex.id, { text: 'Sex', dataLink: 'Gender' }),
    weight: await api.formField(dmSection.id, defs.weight.id, { text: 'Weight' }),
    smoker: await api.formField(dmSection.id, defs.smoker.id, { text: 'Smoker' }),
    years: await api.formField(dmSection.id, defs.years.id, { text: 'Years smoked' }),
  };
  await api.ok('POST', `/FormFields/${ff.smoker.id}/SetChildFormField`, {
    parentVisibleRule: 'Yes',
    childFormFieldList: [ff.years.id],
  });
  const ae = await api.form(uns.id, type.id, { formKey: 'AE', title: 'Adverse event', repeating: true });
  const aeSection = await api.section(ae.id, { sectionName: 'Event' });
  const term = await api.formField(aeSection.id, defs.term.id, { text: 'Term' });
  return { version, scr, uns, dm, ae, ff: { ...ff, term } };
}
export type ImportDesign = Awaited<ReturnType<typeof makeImportDesign>>;

export interface OdmOrigin {
  user: string;
  at: string;
  reason?: string;
}
export interface OdmValue {
  oid: string;
  value?: string | null;
  /** TransactionType="Remove" (a transactional file's clearing). */
  remove?: boolean;
  origin?: OdmOrigin;
}
export interface OdmForm {
  oid: string;
  /** FormRepeatKey as written (a number, or anything else a file might hold). */
  repeat?: number | string;
  values: OdmValue[];
  /** Further ItemGroupData, e.g. the instances of a repeating group (ItemGroupRepeatKey). */
  groups?: { oid: string; repeat?: number; values: OdmValue[] }[];
}
export interface OdmEvent {
  oid: string;
  repeat?: number | string;
  /** Written as the event's AuditRecord, the date the import gives a new visit. */
  date?: string;
  forms: OdmForm[];
}
export interface OdmSubject {
  key: string;
  site?: string;
  events: OdmEvent[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const auditRecord = (o: OdmOrigin) =>
  `<AuditRecord><UserRef UserOID="${esc(o.user)}"/><LocationRef LocationOID="SOURCE"/>` +
  `<DateTimeStamp>${esc(o.at)}</DateTimeStamp>${o.reason ? `<ReasonForChange>${esc(o.reason)}</ReasonForChange>` : ''}</AuditRecord>`;

/** An ODM 1.3.2 ClinicalData document, written out as another system would. */
export function clinicalOdm(list: OdmSubject[]): string {
  const item = (v: OdmValue) =>
    v.remove
      ? `<ItemData ItemOID="${esc(v.oid)}" TransactionType="Remove"/>`
      : v.value === null
        ? `<ItemData ItemOID="${esc(v.oid)}" IsNull="Yes"/>`
        : `<ItemData ItemOID="${esc(v.oid)}" Value="${esc(v.value ?? '')}">${v.origin ? auditRecord(v.origin) : ''}</ItemData>`;
  const form = (f: OdmForm) =>
    `<FormData FormOID="${esc(f.oid)}"${f.repeat ? ` FormRepeatKey="${f.repeat}"` : ''}>` +
    `<ItemGroupData ItemGroupOID="IG.${esc(f.oid.slice(2))}.1">${f.values.map(item).join('')}</ItemGroupData>` +
    (f.groups ?? [])
      .map(
        (g) =>
          `<ItemGroupData ItemGroupOID="${esc(g.oid)}"${g.repeat ? ` ItemGroupRepeatKey="${g.repeat}"` : ''}>` +
          `${g.values.map(item).join('')}</ItemGroupData>`,
      )
      .join('') +
    `</FormData>`;
  const event = (e: OdmEvent) =>
    `<StudyEventData StudyEventOID="${esc(e.oid)}"${e.repeat ? ` StudyEventRepeatKey="${e.repeat}"` : ''}>` +
    `${e.date ? auditRecord({ user: 'SOURCE.USER', at: `${e.date}T09:30:00+03:00` }) : ''}${e.forms.map(form).join('')}</StudyEventData>`;
  const subject = (s: OdmSubject) =>
    `<SubjectData SubjectKey="${esc(s.key)}">${s.site ? `<SiteRef LocationOID="${esc(s.site)}"/>` : ''}${s.events.map(event).join('')}</SubjectData>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" ODMVersion="1.3.2" FileType="Transactional" FileOID="TEST.1" ` +
    `CreationDateTime="2026-01-01T00:00:00Z"><ClinicalData StudyOID="STUDY" MetaDataVersionOID="MDV.1">` +
    `${list.map(subject).join('')}</ClinicalData></ODM>`
  );
}

/** Every OID="…" the document declares (the design export's StudyEventDef, FormDef, ItemDef, …). */
export const declaredOids = (xml: string) => new Set([...xml.matchAll(/\bOID="([^"]+)"/g)].map((m) => m[1]!));

/** Posts an import and follows its job to Done or Failed. */
export const runImport = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  runJob(app, token, '/ClinicalData/Import', body);

/** Posts a job's request and follows the job to Done or Failed. */
export async function runJob(
  app: FastifyInstance,
  token: string,
  path: string,
  body: Record<string, unknown>,
  timeoutMs = 60_000,
) {
  const { ok } = callsAs(app, token);
  const job = await ok('POST', path, body);
  const start = Date.now();
  for (;;) {
    const now = await ok('GET', `/Jobs/${job.id}`);
    if (now.status === 'Done' || now.status === 'Failed') return now;
    if (Date.now() - start > timeoutMs) throw new Error(`job ${job.id} still ${now.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The text of the only file of a job's zipped result document. */
export async function zippedText(app: FastifyInstance, token: string, documentId: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/Documents/${documentId}/File`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`document ${documentId} → ${res.statusCode}`);
  const files = Object.values(unzipSync(new Uint8Array(res.rawPayload)));
  if (files.length !== 1) throw new Error(`${files.length} files in the zip`);
  return Buffer.from(files[0]!).toString('utf8');
}

/** The rows an import writes (audit records of jobs aside: the request itself records one). */
export async function importedRowCounts(db: Db) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    subjects: await n(db.select({ n: count() }).from(subjects)),
    subjectVisits: await n(db.select({ n: count() }).from(subjectVisits)),
    subjectForms: await n(db.select({ n: count() }).from(subjectForms)),
    itemData: await n(db.select({ n: count() }).from(itemData)),
    audit: await n(db.select({ n: count() }).from(auditLog).where(ne(auditLog.entityType, 'job'))),
  };
}
