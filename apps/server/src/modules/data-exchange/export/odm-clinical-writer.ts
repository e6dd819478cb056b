import { ODM_NS } from '../../design/odm/odm-common.js';
import type { DesignField, DesignForm, ExportDesign } from './export-design.js';
import type { ExportRecord, HistoryRow, SignatureRow } from './export-rows.js';
import type { OdmAdmin } from './odm-admin-data.js';
import type { TextSink } from './text-sink.js';
import { attrs, xmlAttr, xmlText } from './xml-text.js';

/**
 * What ODM 1.3.2 has no attribute for, as `Annotation/Comment` texts `EDC:<key>=<value>` (the stock schema
 * takes no foreign attributes): the subject card's details and group, a visit's date. The import reads them.
 */
const annotations = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([k, v], i) => `<Annotation SeqNum="${i + 1}"><Comment>${xmlText(`EDC:${k}=${v}`)}</Comment></Annotation>`).join('');

/**
 * ODM 1.3.2 ClinicalData written by hand as the records stream in (docs/data-exchange.md "ODM ClinicalData"):
 * SubjectData per subject (SiteRef to its centre's Location), StudyEventData per subject visit, FormData per
 * subject form, ItemGroupData per section, ItemData per value. A Snapshot holds the current values; with
 * audit records it is a Transactional file holding every change of every value in order, each ItemData with
 * its AuditRecord (ODM keeps the history of a data point only in Transactional files).
 */
export interface OdmWriteInput {
  design: ExportDesign;
  admin: OdmAdmin;
  fileOid: string;
  now: Date;
  history: boolean;
  signatures: boolean;
  seesGroup: boolean;
  records: AsyncIterable<ExportRecord[]>;
  out: TextSink;
  /** Called after each batch with the values written so far. */
  progress(values: number): Promise<void>;
}

export interface OdmCounts {
  subjects: number;
  forms: number;
  values: number;
}

/** A container's TransactionType in a Transactional file: created if the receiver lacks it. */
const UPSERT = 'Upsert';

export async function writeOdmClinicalData(input: OdmWriteInput): Promise<OdmCounts> {
  const { design, admin, out, history } = input;
  const counts: OdmCounts = { subjects: 0, forms: 0, values: 0 };
  const container = history ? UPSERT : null;
  const groupsOf = sectionGroups();

  out.put('<?xml version="1.0" encoding="UTF-8"?>\n');
  out.put(
    `<ODM${attrs({
      xmlns: ODM_NS,
      FileType: history ? 'Transactional' : 'Snapshot',
      Granularity: 'AllClinicalData',
      FileOID: input.fileOid,
      CreationDateTime: input.now.toISOString(),
      ODMVersion: '1.3.2',
      Originator: 'EDC',
      SourceSystem: 'EDC',
    })}>\n`,
  );
  out.put(admin.xml);
  out.put(`<ClinicalData${attrs({ StudyOID: design.studyOid, MetaDataVersionOID: design.mdvOid })}>\n`);

  let subjectId: string | null = null;
  let subjectVisitId: string | null = null;
  const signature = (s: SignatureRow, centreId: string) =>
    `<Signature><UserRef${attrs({ UserOID: admin.userOid(s.userId) })}/>` +
    `<LocationRef${attrs({ LocationOID: admin.locationOf.get(centreId) })}/>` +
    `<SignatureRef${attrs({ SignatureOID: admin.signatureDefOf.get(s.meaning) })}/>` +
    `<DateTimeStamp>${s.signedAt}</DateTimeStamp></Signature>`;

  for await (const batch of input.records) {
    for (const r of batch) {
      const form = design.formById.get(r.formId)!;
      const visit = design.visits.get(r.visitId)!;
      if (r.subject.id !== subjectId) {
        if (subjectVisitId) out.put('</StudyEventData>\n');
        if (subjectId) out.put('</SubjectData>\n');
        subjectId = r.subject.id;
        subjectVisitId = null;
        counts.subjects++;
        out.put(`<SubjectData${attrs({ SubjectKey: r.subject.screeningNumber, TransactionType: container })}>`);
        if (input.signatures && r.subject.signature) out.put(signature(r.subject.signature, r.subject.centreId));
        out.put(`<SiteRef${attrs({ LocationOID: admin.locationOf.get(r.subject.centreId) })}/>`);
        // The subject card's dates and sex, so that an import into another research can enrol the subject;
        // the group, by blinding, is read and written only for an actor who sees it (docs/subjects.md "Blinding").
        out.put(
          annotations([
            ['birthDate', r.subject.details.birthDate],
            ['gender', r.subject.details.gender],
            ['screenDate', r.subject.details.screenDate],
            ...(input.seesGroup && r.subject.group !== null ? [['randomizationGroup', r.subject.group] as const] : []),
          ]),
        );
        out.put('\n');
      }
      if (r.subjectVisitId !== subjectVisitId) {
        if (subjectVisitId) out.put('</StudyEventData>\n');
        subjectVisitId = r.subjectVisitId;
        const repeatKey = visit.repeating || r.repeatIndex > 0 ? r.repeatIndex + 1 : null;
        out.put(
          `<StudyEventData${attrs({ StudyEventOID: visit.oid, StudyEventRepeatKey: repeatKey, TransactionType: container })}>`,
        );
        const signed = input.signatures ? r.subject.visitSignatures.get(r.subjectVisitId) : undefined;
        if (signed) out.put(signature(signed, r.subject.centreId));
        out.put(annotations([['visitDate', r.visitDate]]));
        out.put('\n');
      }
      counts.forms++;
      const formRepeat = form.repeating || r.repeatedIndex > 0 ? r.repeatedIndex + 1 : null;
      out.put(`<FormData${attrs({ FormOID: form.oid, FormRepeatKey: formRepeat, TransactionType: container })}>\n`);
      for (const group of groupsOf(form)) {
        let items = '';
        for (const field of group.fields) {
          if (history) {
            const changes = r.history![field.position];
            if (changes) items += historyItems(field, changes, admin.userOid, admin.locationOf.get(r.subject.centreId)!);
            counts.values += changes?.length ?? 0;
          } else {
            const value = r.values[field.position];
            if (value === undefined) continue;
            items += `${group.open.get(field.id)}${xmlAttr(value)}"/>\n`;
            counts.values++;
          }
        }
        if (items)
          out.put(`<ItemGroupData${attrs({ ItemGroupOID: group.oid, TransactionType: container })}>\n${items}</ItemGroupData>\n`);
      }
      out.put('</FormData>\n');
      await out.flushIfFull();
    }
    await input.progress(counts.values);
  }
  if (subjectVisitId) out.put('</StudyEventData>\n');
  if (subjectId) out.put('</SubjectData>\n');
  out.put('</ClinicalData>\n</ODM>\n');
  await out.flush();
  return counts;
}

/** Every change of one field: Insert, then Update, a clearing as Remove; each with its AuditRecord. */
function historyItems(field: DesignField, changes: HistoryRow[], userOid: (id: string | null) => string, location: string) {
  let xml = '';
  let held = false;
  for (const c of changes) {
    const type = c.data === null ? 'Remove' : held ? 'Update' : 'Insert';
    held = c.data !== null;
    xml += `<ItemData${attrs({ ItemOID: field.itemOid, TransactionType: type, Value: c.data })}>`;
    xml += `<AuditRecord><UserRef${attrs({ UserOID: userOid(c.userId) })}/><LocationRef${attrs({ LocationOID: location })}/>`;
    xml += `<DateTimeStamp>${c.at}</DateTimeStamp>`;
    if (c.reason) xml += `<ReasonForChange>${xmlText(c.reason)}</ReasonForChange>`;
    xml += `<SourceID>${c.id}</SourceID></AuditRecord></ItemData>\n`;
  }
  return xml;
}

interface SectionGroup {
  oid: string;
  fields: DesignField[];
  /** Each field's `<ItemData ItemOID="…" Value="`, escaped once: a million values share a few hundred. */
  open: Map<string, string>;
}

/** A form's sections with their fields, in design order (worked out once per form). */
function sectionGroups() {
  const cache = new Map<string, SectionGroup[]>();
  return (form: DesignForm) => {
    let groups = cache.get(form.id);
    if (!groups) {
      groups = form.sections.map((s) => {
        const fields = form.fields.filter((f) => f.sectionId === s.id);
        return {
          oid: s.oid,
          fields,
          open: new Map(fields.map((f) => [f.id, `<ItemData${attrs({ ItemOID: f.itemOid })} Value="`])),
        };
      });
      cache.set(form.id, groups);
    }
    return groups;
  };
}
