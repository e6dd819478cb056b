import type { XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../../platform/http/errors.js';
import { checkXmlLimits } from '../../../platform/xml/xml-limits.js';
import { xmlParser } from '../../../platform/lazy-library.js';

/**
 * Reads the ClinicalData of an ODM 1.3.2 document into plain objects (docs/data-exchange.md "Import of
 * clinical data"): subjects, their study events, forms and item values, with the AuditRecord that applies to
 * each. An unreadable document is refused with 400-like AppErrors (`odm_invalid`, `xml_too_large`,
 * `xml_too_deep`), which fail the import job without a retry. Documents with a DTD are refused, as by the
 * design import (entity declarations are a classic expansion attack).
 */

type Node = Record<string, unknown>;

/** Who, where, when and why, as the source system's AuditRecord says (each member when present). */
export interface OdmOrigin {
  user: string | null;
  location: string | null;
  dateTime: string | null;
  reason: string | null;
}

export interface OdmItemValue {
  itemOid: string;
  /** The value as written; null for IsNull="Yes", an absent Value or an empty typed element. */
  value: string | null;
  /** TransactionType="Remove": the value is removed (a clearing). */
  remove: boolean;
  /** The item's own AuditRecord, else the nearest enclosing one. */
  origin: OdmOrigin | null;
  /** Its ItemGroupData's ItemGroupOID and ItemGroupRepeatKey (a repeating group's instance). */
  groupOid: string | null;
  groupRepeatKey: string | null;
}

export interface OdmFormData {
  formOid: string;
  repeatKey: string | null;
  remove: boolean;
  items: OdmItemValue[];
}

export interface OdmEventData {
  eventOid: string;
  repeatKey: string | null;
  remove: boolean;
  /** A start date some systems write as an attribute of their own namespace (OpenClinica:StartDate). */
  startDate: string | null;
  /** The time of the event's own AuditRecord. */
  stamp: string | null;
  /** The `EDC:visitDate=` Annotation comment this system's export writes. */
  visitDate: string | null;
  forms: OdmFormData[];
}

export interface OdmSubjectData {
  subjectKey: string;
  /** `EDC:<key>=<value>` Annotation comments this system's export writes: birthDate, gender, screenDate. */
  notes: Record<string, string>;
  /** SiteRef/@LocationOID; null when the subject names no site. */
  siteOid: string | null;
  remove: boolean;
  events: OdmEventData[];
}

/**
 * The `EDC:<key>=<value>` texts of an element's Annotation/Comment children (export/odm-clinical-writer.ts):
 * what ODM has no attribute for. Other comments are not ours and are left alone; own keys only.
 */
function notesOf(n: Node): Record<string, string> {
  const notes: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const a of arr(n.Annotation)) {
    const m = /^EDC:(\w{1,40})=([\s\S]{0,1000})$/.exec(textOf(arr(a.Comment)[0] ?? '')?.trim() ?? '');
    if (m) notes[m[1]!] = m[2]!;
  }
  return notes;
}

export interface ClinicalFile {
  subjects: OdmSubjectData[];
}

const ARRAYS = new Set(['ClinicalData', 'SubjectData', 'StudyEventData', 'FormData', 'ItemGroupData', 'AuditRecord']);
/** ItemData and the typed ItemData elements of ODM 1.3 (ItemDataString, ItemDataInteger, …). */
const isItemElement = (name: string) => /^ItemData[A-Za-z]*$/.test(name);

const arr = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v === undefined || v === null ? [] : [v as Node]);
const str = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : String(v));
const attr = (n: Node, name: string) => str(n[name])?.trim() || null;
const textOf = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return str((v as Node)['#text']);
  return str(v);
};
const isRemove = (n: Node) => attr(n, 'TransactionType') === 'Remove';

function originOf(record: Node | undefined): OdmOrigin | null {
  if (!record) return null;
  const origin = {
    user: attr((record.UserRef ?? {}) as Node, 'UserOID'),
    location: attr((record.LocationRef ?? {}) as Node, 'LocationOID'),
    dateTime: textOf(record.DateTimeStamp)?.trim() || null,
    reason: textOf(record.ReasonForChange)?.trim() || null,
  };
  return origin.user || origin.location || origin.dateTime || origin.reason ? origin : null;
}

const XML_ENTITIES = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };

let parser: XMLParser | undefined;
const parserOf = () =>
  (parser ??= new (xmlParser().XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    // Values keep their spaces (a text value is stored as written); OIDs and keys are trimmed where read.
    trimValues: false,
    processEntities: true,
    // XML's own five named entities and numeric references (&#10;), no HTML names (XML defines none): an entity
    // table here does that (fast-xml-parser 5.12 decodes numeric references when given one), though the typings say boolean.
    htmlEntities: XML_ENTITIES as unknown as boolean,
    isArray: (name) => ARRAYS.has(name) || isItemElement(name),
  }));

const invalid = (detail: string) => badRequest('odm_invalid', 'xml', { detail });

/** Parses the document's ClinicalData (every ClinicalData element, in document order). */
export function parseClinicalData(xml: string): ClinicalFile {
  // Size and nesting first: the parser recurses per element, and a deep document would exhaust the stack.
  checkXmlLimits(xml, 'xml');
  const text = xml.replace(/^\uFEFF/, '');
  if (!text.trim()) throw invalid('the file is empty');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw invalid('DOCTYPE and ENTITY declarations are not accepted');
  const valid = xmlParser().XMLValidator.validate(text);
  if (valid !== true) throw invalid(`${valid.err.msg} (line ${valid.err.line})`);
  let parsed: Node;
  try {
    parsed = parserOf().parse(text) as Node;
  } catch (e) {
    // The parser refuses names such as `constructor` or `__proto__` after the validator let them through.
    throw invalid(e instanceof Error ? e.message : String(e));
  }
  const odm = parsed.ODM as Node | undefined;
  if (odm === undefined) throw invalid('the root element is not ODM');
  const clinical = typeof odm === 'object' && odm !== null ? arr(odm.ClinicalData) : [];
  if (!clinical.length) throw invalid('the document has no ClinicalData');

  const subjects: OdmSubjectData[] = [];
  for (const cd of clinical) {
    // AuditRecords kept apart and named by ID (ItemData*/@AuditRecordID).
    const recordsById = new Map<string, Node>();
    for (const set of arr(cd.AuditRecords)) {
      for (const r of arr(set.AuditRecord)) if (attr(r, 'ID')) recordsById.set(attr(r, 'ID')!, r);
    }
    const own = (n: Node) =>
      originOf(arr(n.AuditRecord)[0] ?? (attr(n, 'AuditRecordID') ? recordsById.get(attr(n, 'AuditRecordID')!) : undefined));

    for (const sd of arr(cd.SubjectData)) {
      const subjectOrigin = own(sd);
      const events: OdmEventData[] = [];
      for (const se of arr(sd.StudyEventData)) {
        const eventOrigin = own(se);
        const forms: OdmFormData[] = [];
        for (const fd of arr(se.FormData)) {
          const formOrigin = own(fd);
          const items: OdmItemValue[] = [];
          for (const ig of arr(fd.ItemGroupData)) {
            const groupOrigin = own(ig);
            for (const [name, list] of Object.entries(ig)) {
              if (!isItemElement(name)) continue;
              for (const raw of arr(list)) {
                const it = typeof raw === 'object' && raw !== null ? raw : ({ '#text': raw } as Node);
                const itemOrigin = own(it);
                const value = name === 'ItemData' ? (attr(it, 'IsNull') === 'Yes' ? null : str(it.Value)) : textOf(it);
                items.push({
                  itemOid: attr(it, 'ItemOID') ?? '',
                  value: value === '' ? null : value,
                  // An item group removed removes its items.
                  remove: isRemove(it) || isRemove(ig),
                  origin: itemOrigin ?? groupOrigin ?? formOrigin ?? eventOrigin ?? subjectOrigin,
                  groupOid: attr(ig, 'ItemGroupOID'),
                  groupRepeatKey: attr(ig, 'ItemGroupRepeatKey'),
                });
              }
            }
          }
          forms.push({ formOid: attr(fd, 'FormOID') ?? '', repeatKey: attr(fd, 'FormRepeatKey'), remove: isRemove(fd), items });
        }
        events.push({
          eventOid: attr(se, 'StudyEventOID') ?? '',
          repeatKey: attr(se, 'StudyEventRepeatKey'),
          remove: isRemove(se),
          startDate: attr(se, 'StartDate'),
          visitDate: notesOf(se).visitDate ?? null,
          stamp: eventOrigin?.dateTime ?? null,
          forms,
        });
      }
      subjects.push({
        subjectKey: attr(sd, 'SubjectKey') ?? '',
        notes: notesOf(sd),
        siteOid: attr(arr(sd.SiteRef)[0] ?? {}, 'LocationOID'),
        remove: isRemove(sd),
        events,
      });
    }
  }
  return { subjects };
}
