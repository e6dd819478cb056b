import type { FieldType } from '@edc/domain';
import type { OdmCodeListSource, OdmItemSource, OdmText } from '../../../platform/db/schema/design.js';
import { dataTypeOf, ODM_DATA_TYPE } from './odm-data-types.js';
import type { OdmCodeList, OdmItem } from './odm-parse.js';
import type { Say } from './odm-report-texts.js';

/**
 * What an imported ItemDef or CodeList says beyond the design's columns, kept so that the export writes it back
 * (form_fields.odm_item, fields.odm_code_list; docs/design-api.md "ODM"). What cannot be kept is reported.
 */

const KEPT_LANGS = ['ru', 'en'];
const positiveInt = (v: string | null, min: number) => {
  const n = v !== null && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : NaN;
  return Number.isInteger(n) && n >= min ? n : undefined;
};
const sameTexts = (a: OdmText[], b: OdmText[]) =>
  a.length === b.length && a.every((t, i) => t.text === b[i]!.text && (t.lang ?? null) === (b[i]!.lang ?? null));

/**
 * The texts of a TranslatedText list the design keeps: the one it shows (`first`, Russian, else English, else the
 * first given) and the other of Russian and English; the rest is reported as `part` of the element.
 */
export function keptTexts(
  texts: OdmText[],
  first: OdmText | null,
  report: { say: Say; element: string; oid: string; part: string },
) {
  const kept: OdmText[] = first ? [first] : [];
  const dropped: string[] = [];
  for (const t of texts) {
    if (t === first) continue;
    if (t.lang && KEPT_LANGS.includes(t.lang) && !kept.some((k) => k.lang === t.lang)) kept.push(t);
    else dropped.push(t.lang ?? '—');
  }
  if (dropped.length) report.say(report.element, report.oid, 'translations', { part: report.part, langs: dropped.join(', ') });
  return kept;
}

/** How the import placed the item: what the export would write for it without a source. */
export interface PlacedItem {
  fieldType: FieldType;
  fieldKey: string;
  fieldTitle: string;
  annotationKey: string | null;
  text: string;
  /** The question text's TranslatedText, when the text came from the Question. */
  question: OdmText | null;
  units: { oid: string; symbol: string }[];
}

/** The ItemDef's source for its form fields; null when the export would write it as it stands. */
export function itemSourceOf(item: OdmItem, placed: PlacedItem, say: Say): OdmItemSource | null {
  const source: OdmItemSource = {};
  if (item.name && item.name !== (placed.annotationKey || placed.fieldKey)) source.name = item.name;
  if (item.dataType !== ODM_DATA_TYPE[placed.fieldType]) {
    if (dataTypeOf(placed.fieldType, item.dataType) === item.dataType) source.dataType = item.dataType;
    else if (placed.fieldType !== 'Text')
      say('ItemDef', item.oid, 'datatype_lost', {
        type: item.dataType,
        field: placed.fieldType,
        exported: ODM_DATA_TYPE[placed.fieldType],
      });
  }
  const length = positiveInt(item.length, 1);
  if (length !== undefined) source.length = length;
  const digits = positiveInt(item.significantDigits, 0);
  if (digits !== undefined) source.significantDigits = digits;
  if (placed.question) {
    if (placed.question.lang) source.questionLang = placed.question.lang;
    const others = keptTexts(item.questionTexts, placed.question, { say, element: 'ItemDef', oid: item.oid, part: 'Question' });
    if (others.length > 1) source.questionTranslations = others.slice(1);
  }
  // The export describes an item by its definition's title when that is not the question: anything else is the file's own.
  const description = keptTexts(item.descriptionTexts, item.descriptionTexts.find((t) => t.text === item.description) ?? null, {
    say,
    element: 'ItemDef',
    oid: item.oid,
    part: 'Description',
  });
  const ours = placed.fieldTitle !== placed.text ? [{ lang: null, text: placed.fieldTitle }] : [];
  if (!sameTexts(description, ours)) source.description = description;
  if (placed.units.length) source.units = placed.units;
  const aliases = item.aliases.filter((a) => !a.context.startsWith('EDC:'));
  if (aliases.length) source.aliases = aliases;
  return Object.keys(source).length ? source : null;
}

/** A CodeList's source for the select definitions made from it: its OID, Name, DataType and the code of each option. */
export function codeListSourceOf(list: OdmCodeList, options: { text: string; code: string }[], say: Say): OdmCodeListSource {
  const codes = Object.fromEntries(options.filter((o) => o.code !== o.text).map((o) => [o.text, o.code]));
  const decodeLang = list.items.map((i) => i.decodeTexts.find((t) => t.text === i.decode)?.lang).find(Boolean);
  const dataType = ['text', 'string', 'integer', 'float'].includes(list.dataType) ? list.dataType : 'text';
  if (dataType !== list.dataType) say('CodeList', list.oid, 'codelist_code_lost', { codeList: list.oid, type: list.dataType });
  return {
    oid: list.oid,
    name: list.name,
    dataType,
    ...(Object.keys(codes).length ? { codes } : {}),
    ...(list.enumerated ? { enumerated: true } : {}),
    ...(decodeLang ? { decodeLang } : {}),
  };
}
