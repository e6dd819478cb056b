import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { checkXmlLimits } from '../../../platform/xml/xml-limits.js';
import { EDC_RULE } from './odm-common.js';

/**
 * Reads an ODM 1.3.x document into plain objects: only what the design import looks at, the rest kept
 * as element counts for the report. Documents with a DTD are refused (ODM needs none, and entity
 * declarations are a classic expansion attack).
 */

export class OdmFormatError extends Error {}

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'Study',
  'MetaDataVersion',
  'StudyEventRef',
  'StudyEventDef',
  'FormRef',
  'FormDef',
  'ItemGroupRef',
  'ItemGroupDef',
  'ItemRef',
  'ItemDef',
  'CodeList',
  'CodeListItem',
  'EnumeratedItem',
  'ExternalCodeList',
  'TranslatedText',
  'Alias',
  'MeasurementUnit',
  'MeasurementUnitRef',
  'RangeCheck',
  'ConditionDef',
  'MethodDef',
  'Presentation',
  'ImputationMethod',
  'ArchiveLayout',
  'Role',
  'Include',
  'ClinicalData',
  'ReferenceData',
  'AdminData',
  'Association',
  'FormalExpression',
]);

export interface OdmAlias {
  context: string;
  name: string;
}
export interface OdmRef {
  oid: string;
  mandatory: boolean;
  order: number | null;
  conditionOid: string | null;
}
export interface OdmEvent {
  oid: string;
  name: string;
  repeating: boolean;
  type: string;
  category: string | null;
  description: string | null;
  formRefs: OdmRef[];
  aliases: OdmAlias[];
}
export interface OdmForm {
  oid: string;
  name: string;
  repeating: boolean;
  description: string | null;
  groupRefs: OdmRef[];
  aliases: OdmAlias[];
  archiveLayouts: number;
}
export interface OdmGroup {
  oid: string;
  name: string;
  repeating: boolean;
  description: string | null;
  itemRefs: OdmRef[];
}
export interface OdmItem {
  oid: string;
  name: string;
  dataType: string;
  length: string | null;
  significantDigits: string | null;
  sdsVarName: string | null;
  sasFieldName: string | null;
  comment: string | null;
  description: string | null;
  question: string | null;
  unitOids: string[];
  codeListOid: string | null;
  rangeChecks: number;
  roles: number;
  aliases: OdmAlias[];
}
export interface OdmCodeList {
  oid: string;
  name: string;
  dataType: string;
  items: { coded: string; decode: string | null; order: number | null }[];
  external: boolean;
  aliases: OdmAlias[];
}
/** A study rule of this system's export: a ConditionDef or MethodDef with an `EDC:ruleType` alias (docs/rules.md "ODM"). */
export interface OdmRule {
  element: 'ConditionDef' | 'MethodDef';
  oid: string;
  type: string;
  itemOid: string | null;
  message: string | null;
  expression: string | null;
  centre: string | null;
}
export interface OdmStudy {
  studyOid: string;
  studyName: string | null;
  mdvOid: string;
  mdvName: string;
  otherMdvOids: string[];
  protocolOrder: OdmRef[];
  events: OdmEvent[];
  forms: OdmForm[];
  groups: OdmGroup[];
  items: OdmItem[];
  codeLists: OdmCodeList[];
  rules: OdmRule[];
  units: Map<string, string>;
  /** Elements read but not used, by name, with how many there were. */
  ignored: Map<string, number>;
}

const arr = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v === undefined || v === null ? [] : [v as Node]);
const str = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : String(v));
const yes = (v: unknown) => str(v) === 'Yes';
const num = (v: unknown) => {
  const n = Number(str(v));
  return Number.isFinite(n) ? n : null;
};

/** The text of a TranslatedText list: Russian first, then English, then the first given. */
function translated(container: unknown): string | null {
  const texts = arr((container as Node | undefined)?.TranslatedText).map((t) =>
    typeof t === 'object' && t !== null
      ? { lang: str((t as Node).lang), text: str((t as Node)['#text']) }
      : { lang: null, text: str(t) },
  );
  const pick = texts.find((t) => t.lang === 'ru') ?? texts.find((t) => t.lang === 'en') ?? texts[0];
  const text = pick?.text?.trim();
  return text ? text : null;
}

const aliasesOf = (n: Node): OdmAlias[] =>
  arr(n.Alias)
    .map((a) => ({ context: str(a.Context) ?? '', name: str(a.Name) ?? '' }))
    .filter((a) => a.context && a.name);

const refs = (list: unknown, oidAttr: string): OdmRef[] =>
  arr(list).map((r) => ({
    oid: str(r[oidAttr]) ?? '',
    mandatory: yes(r.Mandatory),
    order: num(r.OrderNumber),
    conditionOid: str(r.CollectionExceptionConditionOID),
  }));

export function parseOdm(xml: string, metaDataVersionOid?: string): OdmStudy {
  // Size and nesting first: the parsers below recurse per element, and a deep document would exhaust the stack.
  checkXmlLimits(xml, 'xml');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new OdmFormatError('DOCTYPE and ENTITY declarations are not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new OdmFormatError(`${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => ARRAYS.has(name),
  });
  const doc = parser.parse(xml) as Node;
  const odm = doc.ODM as Node | undefined;
  if (!odm) throw new OdmFormatError('the root element is not ODM');
  const ignored = new Map<string, number>();
  const note = (name: string, n: number) => n > 0 && ignored.set(name, (ignored.get(name) ?? 0) + n);
  for (const name of ['ClinicalData', 'ReferenceData', 'AdminData', 'Association']) note(name, arr(odm[name]).length);

  const studies = arr(odm.Study);
  const study = studies[0];
  if (!study) throw new OdmFormatError('the document has no Study');
  note('Study (beyond the first)', studies.length - 1);
  const mdvs = arr(study.MetaDataVersion);
  const mdv = metaDataVersionOid ? mdvs.find((m) => str(m.OID) === metaDataVersionOid) : mdvs[0];
  if (!mdv)
    throw new OdmFormatError(
      metaDataVersionOid ? `MetaDataVersion ${metaDataVersionOid} not found` : 'the Study has no MetaDataVersion',
    );
  const gv = (study.GlobalVariables ?? {}) as Node;
  const rules: OdmRule[] = [];
  for (const element of ['ConditionDef', 'MethodDef'] as const) {
    for (const d of arr(mdv[element])) {
      const aliases = aliasesOf(d);
      const type = aliases.find((a) => a.context === EDC_RULE.type)?.name;
      if (!type) continue;
      const expression = arr(d.FormalExpression).find((e) => str(e.Context) === EDC_RULE.expressionContext);
      rules.push({
        element,
        oid: str(d.OID) ?? '',
        type,
        itemOid: aliases.find((a) => a.context === EDC_RULE.item)?.name ?? null,
        message: translated(d.Description),
        expression: expression ? (str(expression['#text']) ?? '') : null,
        centre: aliases.find((a) => a.context === EDC_RULE.centre)?.name ?? null,
      });
    }
  }
  for (const name of ['Include', 'Presentation', 'ImputationMethod']) note(name, arr(mdv[name]).length);
  note('MethodDef', arr(mdv.MethodDef).length - rules.filter((r) => r.element === 'MethodDef').length);

  const units = new Map<string, string>();
  for (const mu of arr((study.BasicDefinitions as Node | undefined)?.MeasurementUnit)) {
    const oid = str(mu.OID);
    if (oid) units.set(oid, translated(mu.Symbol) ?? str(mu.Name) ?? oid);
  }

  return {
    studyOid: str(study.OID) ?? '',
    studyName: str(gv.StudyName),
    mdvOid: str(mdv.OID) ?? '',
    mdvName: str(mdv.Name) ?? '',
    otherMdvOids: mdvs.filter((m) => m !== mdv).map((m) => str(m.OID) ?? ''),
    protocolOrder: refs((mdv.Protocol as Node | undefined)?.StudyEventRef, 'StudyEventOID'),
    events: arr(mdv.StudyEventDef).map((e) => ({
      oid: str(e.OID) ?? '',
      name: str(e.Name) ?? '',
      repeating: yes(e.Repeating),
      type: str(e.Type) ?? 'Scheduled',
      category: str(e.Category),
      description: translated(e.Description),
      formRefs: refs(e.FormRef, 'FormOID'),
      aliases: aliasesOf(e),
    })),
    forms: arr(mdv.FormDef).map((f) => ({
      oid: str(f.OID) ?? '',
      name: str(f.Name) ?? '',
      repeating: yes(f.Repeating),
      description: translated(f.Description),
      groupRefs: refs(f.ItemGroupRef, 'ItemGroupOID'),
      aliases: aliasesOf(f),
      archiveLayouts: arr(f.ArchiveLayout).length,
    })),
    groups: arr(mdv.ItemGroupDef).map((g) => ({
      oid: str(g.OID) ?? '',
      name: str(g.Name) ?? '',
      repeating: yes(g.Repeating),
      description: translated(g.Description),
      itemRefs: refs(g.ItemRef, 'ItemOID'),
    })),
    items: arr(mdv.ItemDef).map((i) => ({
      oid: str(i.OID) ?? '',
      name: str(i.Name) ?? '',
      dataType: str(i.DataType) ?? 'text',
      length: str(i.Length),
      significantDigits: str(i.SignificantDigits),
      sdsVarName: str(i.SDSVarName),
      sasFieldName: str(i.SASFieldName),
      comment: str(i.Comment),
      description: translated(i.Description),
      question: translated(i.Question),
      unitOids: arr(i.MeasurementUnitRef).map((u) => str(u.MeasurementUnitOID) ?? ''),
      codeListOid: str((i.CodeListRef as Node | undefined)?.CodeListOID),
      rangeChecks: arr(i.RangeCheck).length,
      roles: arr(i.Role).length,
      aliases: aliasesOf(i),
    })),
    codeLists: arr(mdv.CodeList).map((cl) => ({
      oid: str(cl.OID) ?? '',
      name: str(cl.Name) ?? '',
      dataType: str(cl.DataType) ?? 'text',
      items: [
        ...arr(cl.CodeListItem).map((it) => ({
          coded: str(it.CodedValue) ?? '',
          decode: translated(it.Decode),
          order: num(it.OrderNumber),
        })),
        ...arr(cl.EnumeratedItem).map((it) => ({ coded: str(it.CodedValue) ?? '', decode: null, order: num(it.OrderNumber) })),
      ],
      external: arr(cl.ExternalCodeList).length > 0,
      aliases: aliasesOf(cl),
    })),
    rules,
    units,
    ignored,
  };
}
