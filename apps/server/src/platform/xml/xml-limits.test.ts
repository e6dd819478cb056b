import { describe, expect, it } from 'vitest';
import type { AppError } from '../http/errors.js';
import { checkXmlLimits, MAX_XML_DEPTH, xmlDepth } from './xml-limits.js';

const nested = (n: number) => '<a>'.repeat(n) + '</a>'.repeat(n);
const refusal = (run: () => void) => {
  try {
    run();
  } catch (e) {
    return e as AppError;
  }
  return null;
};

describe('xmlDepth', () => {
  it('counts element nesting, not empty elements, comments, CDATA, declarations or instructions', () => {
    expect(xmlDepth('<?xml version="1.0"?><ODM><Study><X/><Y a="1"/></Study></ODM>')).toBe(2);
    expect(xmlDepth('<a><!-- <b><c><d> --><![CDATA[<b><c>]]><!DOCTYPE x></a>')).toBe(1);
    expect(xmlDepth(nested(5))).toBe(5);
  });

  it('reads a > or a /> inside a quoted attribute value as text', () => {
    expect(xmlDepth('<a t="x > y"><b u=\'/>\'><c/></b></a>')).toBe(2);
  });

  it('stops counting once past the limit given', () => {
    expect(xmlDepth(nested(20_000), 64)).toBe(65);
  });
});

describe('checkXmlLimits', () => {
  it('refuses a document nested deeper than the limit with a 400 naming the field', () => {
    expect(refusal(() => checkXmlLimits(nested(20_000), 'xml'))).toMatchObject({
      status: 400,
      code: 'xml_too_deep',
      path: 'xml',
      params: { field: 'xml', max: MAX_XML_DEPTH },
    });
    expect(refusal(() => checkXmlLimits(nested(MAX_XML_DEPTH), 'xml'))).toBeNull();
  });

  it('refuses a document larger than the limit in UTF-8 bytes', () => {
    const mb = 1024 * 1024;
    // 0.6 M Cyrillic letters: 1.2 MB in UTF-8, over a 1 MB limit though under it in characters.
    expect(refusal(() => checkXmlLimits(`<a>${'я'.repeat(600_000)}</a>`, 'file', mb))).toMatchObject({
      code: 'xml_too_large',
      path: 'file',
      params: { max: 1 },
    });
    expect(refusal(() => checkXmlLimits(`<a>${'a'.repeat(600_000)}</a>`, 'file', mb))).toBeNull();
  });
});
