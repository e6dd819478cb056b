import { xmlSafe } from '../../design/odm/odm-common.js';

/**
 * Escaping for XML written by hand (the ODM export streams, so no in-memory builder): characters XML 1.0
 * cannot carry are dropped (xmlSafe, as the design export does), markup is escaped, and in attributes line
 * breaks and tabs become character references so that a reader gets them back instead of spaces.
 */
// What needs any work at all, tested first: most values are plain and are returned as they are.
// eslint-disable-next-line no-control-regex
const TEXT_WORK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>]/;
// eslint-disable-next-line no-control-regex
const ATTR_WORK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>"\n\r\t]/;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

export function xmlText(s: string): string {
  return TEXT_WORK.test(s) ? xmlSafe(s).replace(/[&<>]/g, (c) => ENTITIES[c]!) : s;
}

export function xmlAttr(s: string): string {
  return ATTR_WORK.test(s) ? xmlSafe(s).replace(/[&<>"\n\r\t]/g, (c) => ENTITIES[c]!) : s;
}

/** ` Name="value"` pairs, skipping absent values. */
export function attrs(pairs: Record<string, string | number | null | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(pairs)) {
    if (value === null || value === undefined) continue;
    out += ` ${name}="${xmlAttr(String(value))}"`;
  }
  return out;
}
