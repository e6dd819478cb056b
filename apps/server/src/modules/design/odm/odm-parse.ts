import type { OdmText } from '../../../platform/db/schema/design.js';
import { checkXmlLimits } from '../../../platform/xml/xml-limits.js';
import { EDC_RULE } from './odm-common.js';
import { qualifiedNames, unreadOf, type OdmUnread } from './odm-unread.js';
import { xmlParser } from '../../../platform/lazy-library.js';

/**
 * Reads an ODM 1.3.x document into plain objects: only what the design import looks at, with every attribute and
 * element it does not look at listed in `unread` (odm-unread.ts), so that the report can name them. Documents with
 * a DTD are refused (ODM needs none, and entity declarations are a classic expansion attack).
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
  'CheckValue',
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

export type { OdmText };
export interface OdmAlias {
  context: string;
  name: string;
}
export interface OdmRef {
  oid: string;
  mandatory: boolean;
  order: number | null;
  conditionOid: string | null;
  methodOid: string | null;
}
export interface OdmEvent {
  oid: string;
  name: string;
  repeating: boolean;
  type: string;
  category: string | null;
  description: string | null;
  descriptionTexts: OdmText[];
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
  descriptionTexts: OdmText[];
  itemRefs: OdmRef[];
  aliases: OdmAlias[];
}
export interface OdmRangeCheck {
  comparator: string | null;
  softHard: string | null;
  values: string[];
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
  descriptionTexts: OdmText[];
  question: string | null;
  questionTexts: OdmText[];
  unitOids: string[];
  codeListOid: string | null;
  rangeChecks: number;
  rangeCheckList: OdmRangeCheck[];
  roles: number;
  aliases: OdmAlias[];
  /** REDCap's `redcap:BranchingLogic`, when the item has one. */
  branchingLogic: string | null;
}
export interface OdmCodeList {
  oid: string;
  name: string;
  dataType: string;
  items: { coded: string; decode: string | null; decodeTexts: OdmText[]; order: number | null }[];
  /** Its items are EnumeratedItems (codes without decodes). */
  enumerated: boolean;
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
  /** The (StudyEventOID, FormOID) placements of its item it is on; null: all of them (EDC_RULE.placements). */
  placements: [string, string][] | null;
}
/** A ConditionDef or MethodDef of another system: the design cannot run its expression. */
export interface OdmOtherDef {
  element: 'ConditionDef' | 'MethodDef';
  oid: string;
  name: string;
  type: string | null;
}
export interface OdmStudy {
  studyOid: string;
  studyName: string | null;
  mdvOid: string;
  mdvName: string;
  mdvDescription: string | null;
  otherMdvOids: string[];
  protocolOrder: OdmRef[];
  events: OdmEvent[];
  forms: OdmForm[];
  groups: OdmGroup[];
  items: OdmItem[];
  codeLists: OdmCodeList[];
  rules: OdmRule[];
  otherDefs: OdmOtherDef[];
  units: Map<string, string>;
  /** Elements read but not used, by name, with how many there were. */
  ignored: Map<string, number>;
  /** Elements used, with the attributes and children of theirs that were not. */
  unread: OdmUnread[];
}

const arr = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v === undefined || v === null ? [] : [v as Node]);
const str = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : String(v));
const yes = (v: unknown) => str(v) === 'Yes';
const num = (v: unknown) => {
  const n = Number(str(v));
  return Number.isFinite(n) ? n : null;
};

/** Every TranslatedText of an element (Question, Description, Decode…), with its language; blank ones left out. */
function textsOf(container: unknown): OdmText[] {
  return arr((container as Node | undefined)?.TranslatedText)
    .map((t) =>
      typeof t === 'object' && t !== null
        ? { lang: str((t as Node).lang), text: str((t as Node)['#text'])?.trim() ?? '' }
        : { lang: null, text: str(t)?.trim() ?? '' },
    )
    .filter((t) => t.text);
}

/** The text the design keeps of a TranslatedText list: Russian first, then English, then the first given. */
export function pickText(texts: OdmText[]): OdmText | null {
  return texts.find((t) => t.lang === 'ru') ?? texts.find((t) => t.lang === 'en') ?? texts[0] ?? null;
}
const translated = (container: unknown): string | null => pickText(textsOf(container))?.text ?? null;

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
    methodOid: str(r.MethodOID),
  }));

/** What the import reads of each element: any other attribute or child is reported as not imported. */
const READ = {
  Study: ['OID', 'GlobalVariables', 'BasicDefinitions', 'MetaDataVersion'],
  GlobalVariables: ['StudyName', 'StudyDescription', 'ProtocolName'],
  BasicDefinitions: ['MeasurementUnit'],
  MeasurementUnit: ['OID', 'Name', 'Symbol'],
  MetaDataVersion: [
    'OID',
    'Name',
    'Description',
    'Include',
    'Protocol',
    'StudyEventDef',
    'FormDef',
    'ItemGroupDef',
    'ItemDef',
    'CodeList',
    'Presentation',
    'ImputationMethod',
    'ConditionDef',
    'MethodDef',
  ],
  Protocol: ['StudyEventRef'],
  StudyEventRef: ['StudyEventOID', 'OrderNumber', 'Mandatory'],
  StudyEventDef: ['OID', 'Name', 'Repeating', 'Type', 'Category', 'Description', 'FormRef', 'Alias'],
  FormRef: ['FormOID', 'OrderNumber', 'Mandatory'],
  FormDef: ['OID', 'Name', 'Repeating', 'Description', 'ItemGroupRef', 'ArchiveLayout', 'Alias'],
  ItemGroupRef: ['ItemGroupOID', 'OrderNumber', 'Mandatory'],
  ItemGroupDef: ['OID', 'Name', 'Repeating', 'Description', 'ItemRef', 'Alias'],
  ItemRef: ['ItemOID', 'OrderNumber', 'Mandatory', 'CollectionExceptionConditionOID', 'MethodOID'],
  ItemDef: [
    'OID',
    'Name',
    'DataType',
    'Length',
    'SignificantDigits',
    'SASFieldName',
    'SDSVarName',
    'Comment',
    'Description',
    'Question',
    'MeasurementUnitRef',
    'RangeCheck',
    'CodeListRef',
    'Role',
    'Alias',
  ],
  CodeList: ['OID', 'Name', 'DataType', 'CodeListItem', 'EnumeratedItem', 'ExternalCodeList', 'Alias'],
  CodeListItem: ['CodedValue', 'OrderNumber', 'Decode'],
  EnumeratedItem: ['CodedValue', 'OrderNumber'],
} as const;

export function parseOdm(xml: string, metaDataVersionOid?: string): OdmStudy {
  // Size and nesting first: the parsers below recurse per element, and a deep document would exhaust the stack.
  checkXmlLimits(xml, 'xml');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new OdmFormatError('DOCTYPE and ENTITY declarations are not accepted');
  const { XMLParser, XMLValidator } = xmlParser();
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
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (e) {
    // The parser refuses names such as `constructor` or `__proto__` after the validator let them through.
    throw new OdmFormatError(e instanceof Error ? e.message : String(e));
  }
  const odm = doc.ODM as Node | undefined;
  if (!odm) throw new OdmFormatError('the root element is not ODM');
  const ignored = new Map<string, number>();
  const note = (name: string, n: number) => n > 0 && ignored.set(name, (ignored.get(name) ?? 0) + n);
  for (const name of ['ClinicalData', 'ReferenceData', 'AdminData', 'Association']) note(name, arr(odm[name]).length);
  const unread: OdmUnread[] = [];
  const names = qualifiedNames(xml);
  const check = (element: keyof typeof READ, node: Node, oid: string | null) => {
    const u = unreadOf(element, node, oid, READ[element], names);
    if (u) unread.push(u);
  };

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
  check('Study', study, str(study.OID));
  check('GlobalVariables', gv, null);
  check('MetaDataVersion', mdv, str(mdv.OID));
  const rules: OdmRule[] = [];
  const otherDefs: OdmOtherDef[] = [];
  for (const element of ['ConditionDef', 'MethodDef'] as const) {
    for (const d of arr(mdv[element])) {
      const aliases = aliasesOf(d);
      const type = aliases.find((a) => a.context === EDC_RULE.type)?.name;
      if (!type) {
        otherDefs.push({ element, oid: str(d.OID) ?? '', name: str(d.Name) ?? '', type: str(d.Type) });
        continue;
      }
      const expression = arr(d.FormalExpression).find((e) => str(e.Context) === EDC_RULE.expressionContext);
      rules.push({
        element,
        oid: str(d.OID) ?? '',
        type,
        itemOid: aliases.find((a) => a.context === EDC_RULE.item)?.name ?? null,
        message: translated(d.Description),
        expression: expression ? (str(expression['#text']) ?? '') : null,
        centre: aliases.find((a) => a.context === EDC_RULE.centre)?.name ?? null,
        placements: placementsOf(aliases.find((a) => a.context === EDC_RULE.placements)?.name),
      });
    }
  }
  for (const name of ['Include', 'Presentation', 'ImputationMethod']) note(name, arr(mdv[name]).length);

  const units = new Map<string, string>();
  const basic = study.BasicDefinitions as Node | undefined;
  if (basic && typeof basic === 'object') check('BasicDefinitions', basic, null);
  for (const mu of arr(basic?.MeasurementUnit)) {
    const oid = str(mu.OID);
    check('MeasurementUnit', mu, oid);
    if (oid) units.set(oid, translated(mu.Symbol) ?? str(mu.Name) ?? oid);
  }

  const protocol = mdv.Protocol as Node | undefined;
  if (protocol && typeof protocol === 'object') check('Protocol', protocol, null);
  const checkedRefs = (element: 'StudyEventRef' | 'FormRef' | 'ItemGroupRef' | 'ItemRef', list: unknown, oidAttr: string) => {
    const nodes = arr(list);
    for (const r of nodes) check(element, r, str(r[oidAttr]));
    return refs(nodes, oidAttr);
  };
  const checked = <T>(element: keyof typeof READ, list: unknown, read: (n: Node) => T): T[] =>
    arr(list).map((n) => {
      check(element, n, str(n.OID));
      return read(n);
    });

  return {
    studyOid: str(study.OID) ?? '',
    studyName: str(gv.StudyName),
    mdvOid: str(mdv.OID) ?? '',
    mdvName: str(mdv.Name) ?? '',
    mdvDescription: str(mdv.Description),
    otherMdvOids: mdvs.filter((m) => m !== mdv).map((m) => str(m.OID) ?? ''),
    protocolOrder: checkedRefs('StudyEventRef', protocol?.StudyEventRef, 'StudyEventOID'),
    events: checked('StudyEventDef', mdv.StudyEventDef, (e) => ({
      oid: str(e.OID) ?? '',
      name: str(e.Name) ?? '',
      repeating: yes(e.Repeating),
      type: str(e.Type) ?? 'Scheduled',
      category: str(e.Category),
      description: translated(e.Description),
      descriptionTexts: textsOf(e.Description),
      formRefs: checkedRefs('FormRef', e.FormRef, 'FormOID'),
      aliases: aliasesOf(e),
    })),
    forms: checked('FormDef', mdv.FormDef, (f) => ({
      oid: str(f.OID) ?? '',
      name: str(f.Name) ?? '',
      repeating: yes(f.Repeating),
      description: translated(f.Description),
      groupRefs: checkedRefs('ItemGroupRef', f.ItemGroupRef, 'ItemGroupOID'),
      aliases: aliasesOf(f),
      archiveLayouts: arr(f.ArchiveLayout).length,
    })),
    groups: checked('ItemGroupDef', mdv.ItemGroupDef, (g) => ({
      oid: str(g.OID) ?? '',
      name: str(g.Name) ?? '',
      repeating: yes(g.Repeating),
      description: translated(g.Description),
      descriptionTexts: textsOf(g.Description),
      itemRefs: checkedRefs('ItemRef', g.ItemRef, 'ItemOID'),
      aliases: aliasesOf(g),
    })),
    items: checked('ItemDef', mdv.ItemDef, (i) => ({
      oid: str(i.OID) ?? '',
      name: str(i.Name) ?? '',
      dataType: str(i.DataType) ?? 'text',
      length: str(i.Length),
      significantDigits: str(i.SignificantDigits),
      sdsVarName: str(i.SDSVarName),
      sasFieldName: str(i.SASFieldName),
      comment: str(i.Comment),
      description: translated(i.Description),
      descriptionTexts: textsOf(i.Description),
      question: translated(i.Question),
      questionTexts: textsOf(i.Question),
      unitOids: arr(i.MeasurementUnitRef).map((u) => str(u.MeasurementUnitOID) ?? ''),
      codeListOid: str((i.CodeListRef as Node | undefined)?.CodeListOID),
      rangeChecks: arr(i.RangeCheck).length,
      rangeCheckList: arr(i.RangeCheck).map((rc) => ({
        comparator: str(rc.Comparator),
        softHard: str(rc.SoftHard),
        values: arr(rc.CheckValue).map((v) => (typeof v === 'object' && v !== null ? (str(v['#text']) ?? '') : (str(v) ?? ''))),
      })),
      roles: arr(i.Role).length,
      aliases: aliasesOf(i),
      branchingLogic: names.get('BranchingLogic')?.startsWith('redcap:') ? str(i.BranchingLogic) : null,
    })),
    codeLists: checked('CodeList', mdv.CodeList, (cl) => {
      const coded = arr(cl.CodeListItem);
      const enumerated = arr(cl.EnumeratedItem);
      return {
        oid: str(cl.OID) ?? '',
        name: str(cl.Name) ?? '',
        dataType: str(cl.DataType) ?? 'text',
        items: [
          ...coded.map((it) => {
            check('CodeListItem', it, str(cl.OID));
            const decodeTexts = textsOf(it.Decode);
            return {
              coded: str(it.CodedValue) ?? '',
              decode: pickText(decodeTexts)?.text ?? null,
              decodeTexts,
              order: num(it.OrderNumber),
            };
          }),
          ...enumerated.map((it) => {
            check('EnumeratedItem', it, str(cl.OID));
            return { coded: str(it.CodedValue) ?? '', decode: null, decodeTexts: [], order: num(it.OrderNumber) };
          }),
        ],
        enumerated: enumerated.length > 0 && coded.length === 0,
        external: arr(cl.ExternalCodeList).length > 0,
        aliases: aliasesOf(cl),
      };
    }),
    rules,
    otherDefs,
    units,
    ignored,
    unread,
  };
}

/** EDC_RULE.placements read back: a list of [StudyEventOID, FormOID] pairs; anything else reads as none (an empty list). */
function placementsOf(text: string | undefined): [string, string][] | null {
  if (text === undefined) return null;
  try {
    const list: unknown = JSON.parse(text);
    if (Array.isArray(list) && list.every((p) => Array.isArray(p) && p.length === 2 && p.every((o) => typeof o === 'string')))
      return list as [string, string][];
  } catch {
    // not JSON: below
  }
  return [];
}
