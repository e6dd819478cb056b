/**
 * What an imported ODM element carries that the import does not read: other systems' attributes and elements
 * (REDCap's `redcap:Variable`, `redcap:BranchingLogic`…) and the ODM ones the design has no place for. The
 * parser drops namespace prefixes, so the names are given back their prefixes from the document's text for the
 * report.
 */

export interface OdmUnread {
  element: string;
  oid: string | null;
  /** `prefix:Attribute="value"` or `<prefix:Element>`, as the document spells them. */
  names: string[];
}

const VALUE_MAX = 200;

/** The prefixed names of the document's foreign attributes and elements, by their local name. */
export function qualifiedNames(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/[<\s]([A-Za-z_][\w.-]*):([A-Za-z_][\w.-]*)/g)) {
    const [, prefix, local] = m as unknown as [string, string, string];
    if (prefix === 'xml' || prefix === 'xmlns' || out.has(local)) continue;
    out.set(local, `${prefix}:${local}`);
  }
  return out;
}

/** The attributes and children of a parsed element beyond `read`; null when it has none. */
export function unreadOf(
  element: string,
  node: unknown,
  oid: string | null,
  read: readonly string[],
  names: Map<string, string>,
): OdmUnread | null {
  if (typeof node !== 'object' || node === null) return null;
  const extra = Object.entries(node as Record<string, unknown>).filter(([k]) => k !== '#text' && !read.includes(k));
  if (!extra.length) return null;
  return {
    element,
    oid,
    names: extra.map(([key, value]) => {
      const name = names.get(key) ?? key;
      if (typeof value !== 'string') return `<${name}>`;
      return `${name}="${value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX)}…` : value}"`;
    }),
  };
}
