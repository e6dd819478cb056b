import type { Language } from '@edc/domain';
import type { Column } from './tabular-columns.js';

/**
 * The data dictionary of a CSV or XLSX export: one row per column of every dataset, naming its file (or
 * sheet), its OID (the design's ItemOID), its label in the reader's language, its type, unit and the values
 * of its code list.
 */
const HEADER: Record<Language, string[]> = {
  ru: ['Файл', 'Столбец', 'OID', 'Метка', 'Тип', 'Единицы', 'Значения списка'],
  en: ['File', 'Column', 'OID', 'Label', 'Type', 'Unit', 'Code list values'],
};

/** Options of a code list in one cell: the separator is one no option of a select is likely to hold. */
const OPTION_SEPARATOR = ' | ';

export function dictionaryHeader(lang: Language): string[] {
  return HEADER[lang];
}

export function dictionaryRows(file: string, columns: Column[]): string[][] {
  return columns.map((c) => [
    file,
    c.name,
    c.itemOid,
    c.label,
    c.dataType,
    c.field?.unit ?? '',
    c.field?.options.join(OPTION_SEPARATOR) ?? '',
  ]);
}
