import { badRequest } from '../http/errors.js';

/** The largest XML document the server reads (UTF-8 bytes). */
export const MAX_XML_BYTES = 20 * 1024 * 1024;
/** The deepest element nesting it reads; ODM needs about ten levels. */
export const MAX_XML_DEPTH = 64;

/**
 * The deepest element nesting in `xml`, counting no further than `stopAt`. A single pass over the text
 * without recursion, so a hostile document cannot exhaust the stack of this check (the parsers that come
 * after it do recurse). Comments, CDATA, processing instructions and declarations are skipped; quoted
 * attribute values may hold `>`.
 */
export function xmlDepth(xml: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let i = xml.indexOf('<');
  while (i !== -1 && i < xml.length) {
    const next = xml[i + 1];
    if (xml.startsWith('<!--', i)) {
      i = skipPast(xml, i + 4, '-->');
    } else if (xml.startsWith('<![CDATA[', i)) {
      i = skipPast(xml, i + 9, ']]>');
    } else if (next === '?') {
      i = skipPast(xml, i + 2, '?>');
    } else if (next === '!') {
      i = tagEnd(xml, i + 2);
    } else if (next === '/') {
      depth = Math.max(0, depth - 1);
      i = tagEnd(xml, i + 2);
    } else {
      const end = tagEnd(xml, i + 1);
      if (end === -1) break;
      if (xml[end - 2] !== '/') {
        depth++;
        if (depth > max) max = depth;
        if (max > stopAt) return max;
      }
      i = end;
    }
    if (i === -1) break;
    i = xml.indexOf('<', i);
  }
  return max;
}

/** Index just after `marker`, searching from `from`; -1 when it never comes. */
function skipPast(xml: string, from: number, marker: string): number {
  const at = xml.indexOf(marker, from);
  return at === -1 ? -1 : at + marker.length;
}

/** Index just after the `>` closing a tag whose name starts at `from`, skipping quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return -1;
}

/**
 * Refuses, with a 400 naming `field`, an XML document larger than `maxBytes` or nesting elements deeper
 * than `maxDepth`: run it before handing the text to a parser.
 */
export function checkXmlLimits(xml: string, field: string, maxBytes = MAX_XML_BYTES, maxDepth = MAX_XML_DEPTH): void {
  // The UTF-16 length bounds the UTF-8 size from below (x1) and above (x3): count bytes only when it matters.
  if (xml.length * 3 > maxBytes && Buffer.byteLength(xml, 'utf8') > maxBytes) {
    throw badRequest('xml_too_large', field, { field, max: Math.round(maxBytes / (1024 * 1024)) });
  }
  if (xmlDepth(xml, maxDepth) > maxDepth) throw badRequest('xml_too_deep', field, { field, max: maxDepth });
}
